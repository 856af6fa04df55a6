"""The server: gevent's WSGI server with its bounds, the connections its event loop holds,
the screens' wake-ups when a table changes, the token filter of every log line, and this
machine's address on the LAN.

It serves any WSGI application and may import ``companion.store`` and ``companion.caches``;
never ``companion.web`` or ``companion.referee`` (the web layer sits on top of it and
hands it the app).
"""
