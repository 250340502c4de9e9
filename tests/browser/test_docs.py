"""/api/docs under its full Content-Security-Policy (issue 9, item 8): the vendored Swagger UI
renders every operation and runs a request with scripts, styles and the spec from this
server only, and the browser reports no violation of the policy."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_the_docs_render_and_try_a_request_within_their_policy(devices, watch):
    page = devices.laptop("docs")
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', e => console.error("
        "'CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI))"
    )
    response = page.goto("/api/docs")
    policy = response.headers["content-security-policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy
    page.wait_for_selector(".opblock")
    assert page.locator(".opblock").count() >= 10
    # The games' list: a request without parameters (the operations are listed by tag, and the
    # first one shown may need a body or a table's code).
    games = page.locator("#operations-games-listGames")
    games.locator(".opblock-summary").click()
    games.locator("button.try-out__btn").click()
    games.locator("button.execute").click()
    status = games.locator(".live-responses-table tbody .response-col_status").first
    status.wait_for()
    assert status.inner_text().strip().startswith("200")
    watch.allowed = ("favicon",)
    assert [e for e in watch.errors if "favicon" not in e and "404" not in e] == []
