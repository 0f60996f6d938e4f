#!/usr/bin/env bash
# The Debian packages the test tiers need beyond Node (docs/testing.md), installed once per machine
# as root; running it again installs nothing. Tests never install: a missing program fails its test
# with a message that names this script.
#   chromium                      judge tier (the map pictures, through playwright-core)
#   postgresql                    pg and trials tiers (scripts/pgstack.sh)
#   dovecot-imapd dovecot-lmtpd   mail and trials tiers (scripts/mailstack.sh)
#   postfix
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/sbin:/sbin"

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
[ -x /usr/lib/dovecot/imap ] || missing+=(dovecot-imapd)
[ -x /usr/lib/dovecot/lmtp ] || missing+=(dovecot-lmtpd)
command -v postfix >/dev/null 2>&1 || missing+=(postfix)
if [ ${#missing[@]} -eq 0 ]; then echo "test-deps: everything is installed"; exit 0; fi
if [ "$(id -u)" -ne 0 ]; then echo "test-deps: run as root to install: ${missing[*]}" >&2; exit 1; fi

export DEBIAN_FRONTEND=noninteractive
# The packages would start a PostgreSQL on 5432 and ask how Postfix should deliver; the tests
# make their own servers.
mkdir -p /etc/postgresql-common
[ -f /etc/postgresql-common/createcluster.conf ] || echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.conf
echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "test-deps: installed ${missing[*]}"
