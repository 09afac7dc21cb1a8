-- Forgets a job that is still being admitted (never one already in line), once the ledger
-- refused its credits. Returns 1 if it did.
-- KEYS: q:reserving job:<id> user:<uid>:jobs   ARGV: id
if redis.call('HGET', KEYS[2], 'state') ~= 'reserving' then return 0 end
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('SREM', KEYS[3], ARGV[1])
redis.call('DEL', KEYS[2])
return 1
