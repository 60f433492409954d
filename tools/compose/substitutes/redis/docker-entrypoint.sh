#!/bin/sh
# Entrypoint of the local redis substitute: the official image's interface, in our own words —
# a first argument that is an option or a *.conf file means redis-server; the command runs as
# it is given (no root here, so nothing to chown or drop).
set -e
case "$1" in
-* | *.conf) set -- redis-server "$@" ;;
esac
# As the official image: files redis writes (RDB, AOF) are private to its user.
umask 0077
exec "$@"
