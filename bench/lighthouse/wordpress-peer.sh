#!/usr/bin/env bash
# bench/lighthouse/wordpress-peer.sh: the WordPress peer of the Lighthouse bench (the contract
# holds /careers and the job pages to "LCP no later than the WordPress peer in the same run").
# A default WordPress from Debian's packages only: Debian's wordpress with its default theme
# (twentytwentythree), no plugin active, no page cache, on a fresh MariaDB database, installed
# by WordPress's own install form, served by Debian's nginx (a private config, pid and logs
# under WP_PEER_DIR) and Debian's php-fpm (its default pool).
#
# Usage (as root): bench/lighthouse/wordpress-peer.sh [start|stop]
#   start (default): installs the missing apt packages, (re)creates the database, reinstalls
#   WordPress, (re)starts the private nginx, and prints three URLs on stdout, one a line:
#   the front page, the sample page, the "Hello world!" post. Everything else goes to stderr.
#   Run it again for the same state from scratch.
#   stop: stops the private nginx (php-fpm and MariaDB are the machine's services: left running).
# Environment: WP_PEER_PORT (default 8088), WP_PEER_DIR (default /tmp/lumenfield-wordpress-peer).
set -euo pipefail

PORT="${WP_PEER_PORT:-8088}"
DIR="${WP_PEER_DIR:-/tmp/lumenfield-wordpress-peer}"
BASE="http://127.0.0.1:${PORT}"
DB=lumenfield_wp_peer
# Debian's wp-config.php reads /etc/wordpress/config-<WORDPRESS_CONFIG>.php when the server
# passes that variable: the peer's settings apply to the peer's server only, whatever the host.
CONFIG_NAME=lumenfield-peer
CONFIG="/etc/wordpress/config-${CONFIG_NAME}.php"
MARK='Written by bench/lighthouse/wordpress-peer.sh'
NGINX_CONF="${DIR}/nginx.conf"
NGINX_PID="${DIR}/nginx.pid"
PACKAGES=(nginx curl php-fpm php-cli php-mysql wordpress wordpress-theme-twentytwentythree)

log() { echo "wordpress-peer: $*" >&2; }
fail() {
  log "$*"
  exit 1
}

stop_nginx() {
  if [[ -f "$NGINX_PID" ]] && kill -0 "$(cat "$NGINX_PID")" 2>/dev/null; then
    # Its "signal process started" notice goes to stderr before it reads the config's error_log.
    /usr/sbin/nginx -c "$NGINX_CONF" -p "$DIR" -s quit 2>>"${DIR}/error.log"
    for _ in $(seq 50); do
      kill -0 "$(cat "$NGINX_PID" 2>/dev/null)" 2>/dev/null || break
      sleep 0.1
    done
    log "nginx on ${BASE} stopped"
  fi
}

[[ "$(id -u)" == 0 ]] || fail 'run as root (apt-get, /etc/wordpress, MariaDB as root)'

if [[ "${1:-start}" == stop ]]; then
  stop_nginx
  exit 0
fi
[[ "${1:-start}" == start ]] || fail "unknown command: $1 (start or stop)"

# 1. Debian's packages. php-fpm first in the same transaction so that the php dependency of
# wordpress is met by it; no recommends (translations): the default site is in English.
missing=()
for pkg in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if ((${#missing[@]})); then
  log "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y --no-install-recommends "${missing[@]}" >&2 ||
    { apt-get update >&2 && apt-get install -y --no-install-recommends "${missing[@]}" >&2; }
fi
WP_VERSION="$(dpkg-query -W -f='${Version}' wordpress)"

# 2. php-fpm: Debian's default pool and socket, started when not running.
PHP_V="$(php -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;')"
FPM_SOCK="/run/php/php${PHP_V}-fpm.sock"
FPM_PID="/run/php/php${PHP_V}-fpm.pid"
if ! { [[ -S "$FPM_SOCK" && -f "$FPM_PID" ]] && kill -0 "$(cat "$FPM_PID")" 2>/dev/null; }; then
  log "starting php${PHP_V}-fpm"
  service "php${PHP_V}-fpm" start >&2 || "/usr/sbin/php-fpm${PHP_V}" --daemonize
  for _ in $(seq 50); do
    [[ -S "$FPM_SOCK" ]] && break
    sleep 0.1
  done
  [[ -S "$FPM_SOCK" ]] || fail "php-fpm did not open ${FPM_SOCK}"
fi

# 3. A fresh database and its own user, a new password each time.
mysql -uroot -e 'SELECT 1' >/dev/null || fail 'MariaDB does not answer as root (socket auth)'
DB_PASSWORD="$(openssl rand -hex 16)"
mysql -uroot <<SQL
DROP DATABASE IF EXISTS ${DB};
CREATE DATABASE ${DB} DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE OR REPLACE USER '${DB}'@'localhost' IDENTIFIED BY '${DB_PASSWORD}';
GRANT ALL PRIVILEGES ON ${DB}.* TO '${DB}'@'localhost';
SQL

# 4. The site's config, where Debian's WordPress looks for it. Never overwrite a file this
# script did not write.
if [[ -f "$CONFIG" ]] && ! grep -q "$MARK" "$CONFIG"; then
  fail "${CONFIG} exists and was not written by this script: not touching it"
fi
salts=''
for key in AUTH_KEY SECURE_AUTH_KEY LOGGED_IN_KEY NONCE_KEY AUTH_SALT SECURE_AUTH_SALT LOGGED_IN_SALT NONCE_SALT; do
  salts+="define('${key}', '$(openssl rand -hex 32)');"$'\n'
done
umask 027
cat >"$CONFIG" <<PHP
<?php
// ${MARK}: the Lighthouse bench's WordPress peer.
define('DB_NAME', '${DB}');
define('DB_USER', '${DB}');
define('DB_PASSWORD', '${DB_PASSWORD}');
define('DB_HOST', 'localhost');
${salts}// The bench machine talks to the npm registry and Debian only: no update or API checks
// from the server side (this changes nothing in the pages it serves).
define('WP_HTTP_BLOCK_EXTERNAL', true);
PHP
chgrp www-data "$CONFIG"
umask 022

# 5. nginx: Debian's binary with a private config (its own pid, logs and temp paths), the
# settings of Debian's nginx.conf (worker_processes auto, sendfile, gzip on) with gzip for the
# text types its commented line lists too, so the peer is not handicapped against our brotli.
# WordPress's usual front controller rule, Debian's fastcgi settings, /wp-content from
# /var/lib/wordpress where Debian keeps it.
stop_nginx
mkdir -p "$DIR"
chmod 755 "$DIR"
cat >"$NGINX_CONF" <<NGINX
# ${MARK}.
user www-data;
worker_processes auto;
pid ${NGINX_PID};
error_log ${DIR}/error.log warn;
events { worker_connections 768; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush on;
  access_log off;
  gzip on;
  gzip_types text/plain text/css application/json application/javascript text/xml application/xml application/xml+rss text/javascript image/svg+xml;
  client_body_temp_path ${DIR}/body;
  proxy_temp_path ${DIR}/proxy;
  fastcgi_temp_path ${DIR}/fastcgi;
  uwsgi_temp_path ${DIR}/uwsgi;
  scgi_temp_path ${DIR}/scgi;
  server {
    listen 127.0.0.1:${PORT};
    server_name _;
    root /usr/share/wordpress;
    index index.php;
    location / {
      try_files \$uri \$uri/ /index.php?\$args;
    }
    location /wp-content/ {
      root /var/lib/wordpress;
    }
    # Debian's snippets/fastcgi-php.conf, with absolute paths (the config is not in /etc/nginx).
    location ~ \.php\$ {
      fastcgi_split_path_info ^(.+?\.php)(/.*)\$;
      try_files \$fastcgi_script_name =404;
      set \$path_info \$fastcgi_path_info;
      fastcgi_param PATH_INFO \$path_info;
      fastcgi_index index.php;
      include /etc/nginx/fastcgi.conf;
      fastcgi_param WORDPRESS_CONFIG ${CONFIG_NAME};
      fastcgi_pass unix:${FPM_SOCK};
    }
  }
}
NGINX
/usr/sbin/nginx -c "$NGINX_CONF" -p "$DIR" ||
  fail "nginx did not start on ${BASE} (port taken? set WP_PEER_PORT); see ${DIR}/error.log"
for _ in $(seq 50); do
  curl -fsS -o /dev/null "${BASE}/wp-admin/install.php" 2>/dev/null && break
  sleep 0.1
done

# 6. WordPress's own install form, as a visitor fills it in: the default content ("Hello
# world!", "Sample Page", a comment), the default theme, and whatever permalinks WordPress
# itself picks on this server (it tries pretty ones with a request to itself).
ADMIN_PASSWORD="$(openssl rand -hex 16)"
answer="$(curl -fsS "${BASE}/wp-admin/install.php?step=2" \
  --data-urlencode 'weblog_title=WordPress peer' \
  --data-urlencode 'user_name=admin' \
  --data-urlencode "admin_password=${ADMIN_PASSWORD}" \
  --data-urlencode "admin_password2=${ADMIN_PASSWORD}" \
  --data-urlencode 'admin_email=bench@lumenfield.invalid' \
  --data-urlencode 'blog_public=1' \
  --data-urlencode 'language=' \
  --data-urlencode 'Submit=Install WordPress')" || fail "the install form answered with an error"
grep -q 'Success!' <<<"$answer" || fail "the install form did not report success"

# 7. The three pages' URLs, as WordPress itself links them.
# shellcheck disable=SC2016
urls="$(php -r '
  $_SERVER["HTTP_HOST"] = $argv[1];
  $_SERVER["WORDPRESS_CONFIG"] = $argv[2];
  define("WP_USE_THEMES", false);
  require "/usr/share/wordpress/wp-load.php";
  $page = get_page_by_path("sample-page");
  $post = get_posts(["name" => "hello-world", "post_type" => "post", "numberposts" => 1])[0];
  echo home_url("/"), "\n", get_permalink($page), "\n", get_permalink($post), "\n";
' "127.0.0.1:${PORT}" "$CONFIG_NAME")"
while read -r url; do
  got="$(curl -sS -o /dev/null -w '%{http_code} %{content_type}' "$url")"
  [[ "$got" == "200 text/html"* ]] || fail "${url}: ${got}"
done <<<"$urls"
log "WordPress ${WP_VERSION} (Debian), theme $(mysql -uroot -N -e "SELECT option_value FROM ${DB}.wp_options WHERE option_name = 'stylesheet'"), permalinks '$(mysql -uroot -N -e "SELECT option_value FROM ${DB}.wp_options WHERE option_name = 'permalink_structure'")', on ${BASE}"
echo "$urls"
