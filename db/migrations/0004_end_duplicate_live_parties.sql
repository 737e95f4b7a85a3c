-- Hand-written (drizzle-kit generate --custom); keep it before the migration that creates
-- "live_party_one_live_per_host". Before that index existed, simultaneous creates could leave one
-- host with several live parties, and the unique index cannot be built over them: keep each host's
-- newest live party and end the others, as the host ending them would.
UPDATE "live_party" AS p
SET "state" = 'ENDED', "ended_at" = now()
WHERE p."state" <> 'ENDED'
  AND EXISTS (
    SELECT 1 FROM "live_party" AS newer
    WHERE newer."host_id" = p."host_id"
      AND newer."state" <> 'ENDED'
      AND (newer."created_at", newer."id") > (p."created_at", p."id")
  );
