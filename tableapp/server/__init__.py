"""The server shell around the API: the phone app's blueprint (pwa), the gevent worker,
request bodies read whole, the LAN certificate."""
