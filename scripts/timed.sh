#!/bin/sh
# timed.sh NAME CMD... - runs CMD and prints "NAME: N s" after it, so that
# `make check` shows where its time goes (the budget is 30 minutes on a
# 2-core machine). Exits with CMD's status.
name=$1
shift
s=$(date +%s)
"$@"
rc=$?
echo "time: $name $(($(date +%s) - s)) s"
exit $rc
