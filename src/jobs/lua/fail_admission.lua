-- Ends a job whose admission failed once its credits may have been reserved (the store did
-- not say, or the job could not be put in line): failed, nothing kept, on the unsettled list,
-- so that the settler gives back whatever the ledger says it holds. 0 if it is not being
-- admitted (in line after all, or already reaped).
-- KEYS: q:reserving job:<id> ev:<id> unsettled user:<uid>:jobs   ARGV: id maxlen channel
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
if redis.call('HGET', KEYS[2], 'state') ~= 'reserving' then return 0 end
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('SREM', KEYS[5], ARGV[1])
redis.call('HSET', KEYS[2], 'state', 'failed', 'error', 'admission_failed', 'kept', 0, 'finished', now)
redis.call('ZADD', KEYS[4], now, ARGV[1])
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[2], '*', 'state', 'failed')
redis.call('PUBLISH', ARGV[3], ARGV[1])
return 1
