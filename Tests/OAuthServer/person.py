#!/usr/bin/env python3
"""The person at the browser, for the sign-in tests (requests keeps the cookies).

  person.py open URL                       sign in as alice, open URL (an authorization
                                           URL), follow redirects to the loopback
  person.py device ORIGIN USER_CODE ACTION sign in, enter USER_CODE at ORIGIN/o/device/,
                                           then ACTION (accept or deny) the device
"""
import re
import sys
import urllib.parse

import requests


def signed_in(origin, next_url="/"):
    session = requests.Session()
    response = session.get(origin + "/test/login?next=" + urllib.parse.quote(next_url, safe=""), timeout=30)
    return session, response


def csrf(html):
    match = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    if not match:
        sys.exit("person.py: no CSRF token in the form")
    return match.group(1)


def main(argv):
    if len(argv) == 3 and argv[1] == "open":
        parts = urllib.parse.urlsplit(argv[2])
        _, response = signed_in("%s://%s" % (parts.scheme, parts.netloc), argv[2])
        print(response.status_code)
        return 0
    if len(argv) == 5 and argv[1] == "device":
        origin, user_code, action = argv[2], argv[3], argv[4]
        session, _ = signed_in(origin)
        form = session.get(origin + "/o/device/", timeout=30)
        confirm = session.post(origin + "/o/device/", data={"user_code": user_code, "csrfmiddlewaretoken": csrf(form.text)},
                               headers={"Referer": origin + "/o/device/"}, timeout=30)
        if "/o/device-confirm/" not in confirm.url:
            sys.exit("person.py: the user code was not taken (%d at %s)" % (confirm.status_code, confirm.url))
        done = session.post(confirm.url, data={"action": action, "csrfmiddlewaretoken": csrf(confirm.text)},
                            headers={"Referer": confirm.url}, timeout=30)
        print(done.status_code)
        return 0 if done.status_code == 200 else 1
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
