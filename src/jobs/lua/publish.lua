-- Puts a reserved job in line and wakes a worker.
-- KEYS: q:reserving job:<id> ev:<id> wake   ARGV: prefix id maxlen channel
if redis.call('ZREM', KEYS[1], ARGV[2]) == 0 then return 0 end
local tier, seq = unpack(redis.call('HMGET', KEYS[2], 'tier', 'seq'))
if not tier then return 0 end
redis.call('HSET', KEYS[2], 'state', 'queued')
redis.call('ZADD', ARGV[1] .. 'q:' .. tier, seq, ARGV[2])
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[3], '*', 'state', 'queued')
redis.call('PEXPIRE', KEYS[3], redis.call('PTTL', KEYS[2]))
redis.call('RPUSH', KEYS[4], 1)
redis.call('LTRIM', KEYS[4], -64, -1)
redis.call('PUBLISH', ARGV[4], ARGV[2])
return 1
