# Varnish in front of the shop (Debian: apt-get install varnish; Varnish 7). It keeps what the
# shop marks shareable (Cache-Control s-maxage, tags in Surrogate-Key), forgets by tag when the
# shop sends a BAN (STUDIO_PURGE_VARNISH), passes everything personal, and keeps serving what it
# holds while the shop does not answer. See README "Growing" and docs/decisions/027.
vcl 4.1;

import std;

# Every fetch tries the shop itself: a checkout or a page never kept is worth trying even
# while the shop is slow.
backend shop {
    .host = "127.0.0.1";
    .port = "8090";
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
}

# The same shop, probed, says only whether it answers: three failed probes out of five (a few
# seconds after it stops) and kept answers are served however old (grace, below). A shop slow
# under a rush is not taken for a stopped one: a probe waits 3 s.
backend shop_health {
    .host = "127.0.0.1";
    .port = "8090";
    .probe = {
        .url = "/api/health";
        .interval = 1s;
        .timeout = 3s;
        .window = 5;
        .threshold = 3;
    }
}

# Who may send a BAN: the shop, on this machine.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.method == "BAN") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        # Tags are the shop's own words: letters, digits, hyphens, separated by spaces.
        if (req.http.Surrogate-Key !~ "^[a-z0-9-]+( [a-z0-9-]+)*$") {
            return (synth(400, "Surrogate-Key must name tags"));
        }
        # Only obj.* is tested, so the ban lurker retires bans in the background.
        ban("obj.http.Surrogate-Key ~ (^|[[:blank:]])(" + regsuball(req.http.Surrogate-Key, " ", "|") + ")([[:blank:]]|$)");
        return (synth(200, "Banned"));
    }
    # Realtime updates are a server-sent event stream: straight through, never buffered.
    if (req.url ~ "^/api/realtime") {
        return (pipe);
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Whoever signs in or carries a cookie gets the shop's own answer: the shop marks none of
    # those shareable anyway.
    if (req.http.Authorization || req.http.Cookie) {
        return (pass);
    }
    # While the shop answers, an answer past its time is served at most 10 s more while a fresh
    # one is fetched; while it does not, anything kept is served (up to the grace below).
    set req.backend_hint = shop;
    if (std.healthy(shop_health)) {
        set req.grace = 10s;
    }
    return (hash);
}

sub vcl_pipe {
    set bereq.http.Connection = "close";
}

sub vcl_backend_response {
    # A failed refresh of a kept answer leaves the kept one in place, served on (grace).
    if (beresp.status >= 500 && bereq.is_bgfetch) {
        return (abandon);
    }
    # Only what the shop marks public with a shared lifetime is kept; everything else (private,
    # no-store, no-cache, a Set-Cookie) is fetched for each request.
    if (beresp.http.Cache-Control !~ "public" || beresp.http.Cache-Control ~ "private|no-store" || beresp.http.Set-Cookie) {
        # Remembered for 10 s as "fetch each time", so a hot address answered once with an error
        # (a 429, a 503) is asked again soon, not passed straight through for minutes.
        set beresp.uncacheable = true;
        set beresp.ttl = 10s;
        return (deliver);
    }
    # A day of grace: what the shop served last keeps being served while it is stopped.
    set beresp.grace = 24h;
    # Kept past its grace as long again to be revalidated with its ETag (a 304 instead of a page).
    set beresp.keep = 24h;
}

sub vcl_backend_error {
    # The shop does not answer and nothing is kept for this address.
    set beresp.http.Content-Type = "text/html; charset=utf-8";
    set beresp.http.Cache-Control = "no-store";
    set beresp.http.Retry-After = "30";
    synthetic({"<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Back in a moment · Lanternwood Studio</title></head><body><main><h1>Back in a moment</h1><p>The studio's shop is resting for a minute. Please try again shortly.</p></main></body></html>"});
    return (deliver);
}

sub vcl_deliver {
    # Tags are for this cache, not for browsers.
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
    unset resp.http.CDN-Tag;
    unset resp.http.Via;
    if (obj.uncacheable) {
        set resp.http.X-Cache = "pass";
    } elsif (obj.hits > 0) {
        set resp.http.X-Cache = "hit";
    } else {
        set resp.http.X-Cache = "miss";
    }
}
