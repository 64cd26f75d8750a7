#!/bin/sh
# Patroni's post_bootstrap for register (deploy/patroni/patroni.yml): run once, on the
# first leader, when the cluster is made; $1 is a connection URL to it as the superuser.
# Makes the two roles of docs/deploy.md, "Roles and grants", the database and its schema.
# The tables come from register itself, started once as register_owner (docs/deploy.md);
# their grants follow it there. The roles' passwords come from the environment (Patroni's
# EnvironmentFile), never from this file or a command line.
set -eu
: "${REGISTER_OWNER_PASSWORD:?set REGISTER_OWNER_PASSWORD in Patroni's environment}"
: "${REGISTER_APP_PASSWORD:?set REGISTER_APP_PASSWORD in Patroni's environment}"
# psql reads the passwords from the environment itself (\getenv), so they are in no
# command line, and quotes them (:'name'), so a password holding a quote is one literal.
psql -X -q -v ON_ERROR_STOP=1 -d "$1" <<'SQL'
\getenv owner_password REGISTER_OWNER_PASSWORD
\getenv app_password REGISTER_APP_PASSWORD
CREATE ROLE register_owner LOGIN PASSWORD :'owner_password';
CREATE ROLE register_app LOGIN PASSWORD :'app_password';
CREATE DATABASE accounts OWNER register_owner ENCODING 'UTF8' TEMPLATE template0;
\c accounts
REVOKE ALL ON DATABASE accounts FROM PUBLIC;
GRANT CONNECT ON DATABASE accounts TO register_owner, register_app;
CREATE SCHEMA register AUTHORIZATION register_owner;
GRANT USAGE ON SCHEMA register TO register_app;
ALTER ROLE register_owner IN DATABASE accounts SET search_path = register;
ALTER ROLE register_app IN DATABASE accounts SET search_path = register;
SQL
