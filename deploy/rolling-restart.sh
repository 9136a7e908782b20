#!/usr/bin/env bash
# Restarts the shop's processes one at a time, so that the shop never stops answering (README,
# "Deploying on a server"; docs/decisions/0033): each is restarted only once the one before it
# answers its readiness probe. Run as root, after `npm run build`:
#   deploy/rolling-restart.sh              # souk@3001, then souk@3002
#   deploy/rolling-restart.sh 3001 3002 3003
# While one closes (SIGTERM: it stops accepting, finishes what it received), nginx sends the
# requests to the others. If one is not ready within READY_TIMEOUT seconds, the script stops there
# with exit 1: the processes not yet restarted go on serving the previous version.
set -euo pipefail

READY_TIMEOUT=120
# nginx leaves a process alone for fail_timeout (10 s, deploy/nginx/souk-site.conf) once its
# connections were refused while it restarted: the next one goes down only after that, or nginx
# could have no process left to send requests to.
NGINX_FAIL_TIMEOUT=10

ports=("$@")
if ((${#ports[@]} == 0)); then
  ports=(3001 3002)
fi
for port in "${ports[@]}"; do
  if [[ ! $port =~ ^[0-9]+$ ]]; then
    echo "Port invalide : « ${port} » (attendu : des numéros de port, 3001 3002…)" >&2
    exit 1
  fi
done

for index in "${!ports[@]}"; do
  port=${ports[index]}
  unit="souk@${port}"
  if ((index > 0)); then
    sleep "$NGINX_FAIL_TIMEOUT"
  fi
  echo "Redémarrage de ${unit}…"
  if ! systemctl restart "$unit"; then
    echo "ÉCHEC : ${unit} n'a pas pu être redémarré (systemctl status ${unit})." >&2
    exit 1
  fi
  deadline=$((SECONDS + READY_TIMEOUT))
  until answer=$(curl -fsS --max-time 5 "http://127.0.0.1:${port}/api/health/ready" 2>&1); do
    if ((SECONDS >= deadline)); then
      echo "ÉCHEC : ${unit} n'est pas prêt après ${READY_TIMEOUT} s (${answer})." >&2
      if ((index + 1 < ${#ports[@]})); then
        echo "Les suivants n'ont pas été redémarrés : ${ports[*]:index+1}." >&2
      fi
      echo "Voir : journalctl -u ${unit} -n 50" >&2
      exit 1
    fi
    sleep 1
  done
  echo "${unit} est prêt."
done
echo "Tous les processus ont été redémarrés : ${ports[*]}."
