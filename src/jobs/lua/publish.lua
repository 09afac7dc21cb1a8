-- Puts a reserved job in line and wakes a worker. 0 when the job is not being admitted any
-- more (the reaper failed it): the caller must not report it as in line.
-- KEYS: q:reserving job:<id> ev:<id> wake q:pro q:free   ARGV: id maxlen channel
if redis.call('ZREM', KEYS[1], ARGV[1]) == 0 then return 0 end
local tier, seq = unpack(redis.call('HMGET', KEYS[2], 'tier', 'seq'))
if not tier then return 0 end
redis.call('HSET', KEYS[2], 'state', 'queued')
redis.call('ZADD', tier == 'pro' and KEYS[5] or KEYS[6], seq, ARGV[1])
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[2], '*', 'state', 'queued')
redis.call('RPUSH', KEYS[4], 1)
redis.call('LTRIM', KEYS[4], -64, -1)
redis.call('PUBLISH', ARGV[3], ARGV[1])
return 1
