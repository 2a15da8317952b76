"""Only known, normalised values reach a response header: a download's name
and a redirect's target never carry what a visitor typed or the host a
request named."""

from __future__ import annotations

import re
from urllib.parse import quote, urlsplit

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebase.web import create_app
from rulebase.web.headers import local_location

APP = create_app({"TESTING": True})

SAFE_DISPOSITION = re.compile(r'\Aattachment; filename="[A-Za-z0-9._-]+"\Z')
PRINTABLE = re.compile(r"\A[\x20-\x7e]*\Z")

editions = st.one_of(
    st.sampled_from(["earlier", "3.4", "ccg/earlier", "ccg/3.4"]),
    st.builds(lambda pad, name, tail: pad + name + tail,
              st.sampled_from(["", "\r\n", "\u2028", "\u3000", "\x85", "\x0c", " ", "\t"]),
              st.sampled_from(["earlier", "3.4"]),
              st.sampled_from(["", "\r\n", "\u2028", "\u3000", "\x00", " "])),
    st.text(max_size=20),
)


def assert_headers_are_clean(response):
    for name, value in response.headers.items():
        assert PRINTABLE.match(value), (name, value)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(old=editions, new=editions)
def test_a_download_is_named_by_the_editions_the_graph_knows(old, new):
    response = APP.test_client().get(f"/ccg/diff/{quote(old, safe='')}/{quote(new, safe='')}/map.csv")
    assert response.status_code in (200, 404), response.status_code
    assert_headers_are_clean(response)
    if response.status_code == 200:
        disposition = response.headers["Content-Disposition"]
        assert SAFE_DISPOSITION.match(disposition), disposition


def test_a_padded_edition_gets_the_editions_own_name():
    response = APP.test_client().get("/ccg/diff/%0d%0aearlier/%E2%80%A83.4%E3%80%80/map.csv")
    assert response.status_code == 200
    assert response.headers["Content-Disposition"] == 'attachment; filename="renumbering-earlier-3.4.csv"'


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(["/ccg//514.4c", "/api", "/ccg///3.4//514.4c", "/tcg//101.1.0", "//ccg/514.4c"]),
       host=st.sampled_from(["evil.example", "evil.example:8000", "127.0.0.1:1", "[::1]:9", "a@b"]))
def test_a_redirect_stays_on_this_site_whatever_the_host_header(path, host):
    response = APP.test_client().get(path, headers={"Host": host})
    location = response.headers.get("Location")
    if location is not None:
        assert location.startswith("/") and not location.startswith("//"), location
        assert "evil" not in location and "@" not in location
    assert_headers_are_clean(response)


def test_a_doubled_slash_is_no_redirect_and_a_slash_redirect_stays_on_the_site():
    response = APP.test_client().get("/ccg//514.4c", headers={"Host": "evil.example"})
    assert response.status_code == 404 and "Location" not in response.headers
    response = APP.test_client().get("/api", headers={"Host": "evil.example"})
    assert response.status_code == 308 and response.headers["Location"] == "/api/"
    response = APP.test_client().get("//\\evil.example", headers={"Host": "evil.example"})
    assert not response.headers.get("Location", "/").replace("\\", "/").startswith("//")


@settings(max_examples=300)
@given(st.text(alphabet="/:@?#.abcx1 \\", max_size=20) | st.text(max_size=40))
def test_a_local_location_is_never_another_host(location):
    local = urlsplit(local_location(location))
    assert not local.scheme and not local.netloc, local
    assert not local.path.replace("\\", "/").startswith("//"), local
