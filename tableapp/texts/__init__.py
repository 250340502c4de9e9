"""Texts a person reads: rendering message ids in a language (i18n), names of ids
(labels), typography, and extracting message ids for the catalogues (extract)."""
