#!/bin/sh
# A certificate authority for one test (openssl(1)), in DIR:
#   ca.pem                   the CA's certificate (a source's `ca`)
#   server.pem, server.key   a server certificate for IP 127.0.0.1 signed by it (http_server.py --tls)
#   other-ca.pem             an unrelated CA that did not sign it
# P-256 keys: quick to make. The server certificate names 127.0.0.1 as an IP SAN, which is what
# libcurl checks a loopback URL's host against.
#
# usage: make-test-ca.sh DIR
set -e
cd "$1"
ca() { openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 "$@" 2>/dev/null; }
ca -keyout ca.key -out ca.pem -subj /CN=gadgetboard-test-ca
ca -keyout other-ca.key -out other-ca.pem -subj /CN=gadgetboard-other-ca
openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout server.key -out server.csr -subj /CN=127.0.0.1 2>/dev/null
printf 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' > server.ext
openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile server.ext -out server.pem 2>/dev/null
