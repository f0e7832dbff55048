#!/bin/sh
# loa-speaker: the Loa speaker agent, bundled into one file, run by Debian's Node.js.
exec /usr/bin/node --enable-source-maps /usr/lib/loa-speaker/loa-speaker.cjs "$@"
