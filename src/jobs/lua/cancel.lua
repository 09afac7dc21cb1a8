-- Cancels the owner's job while it is still queued.
-- KEYS: job:<id> ev:<id> unsettled   ARGV: prefix id uid keep_ended_ms maxlen channel
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local uid, s, tier = unpack(redis.call('HMGET', KEYS[1], 'uid', 'state', 'tier'))
if uid ~= ARGV[3] then return {'missing'} end
if s ~= 'queued' then return {'late', s} end
redis.call('ZREM', ARGV[1] .. 'q:' .. tier, ARGV[2])
redis.call('SREM', ARGV[1] .. 'user:' .. uid .. ':jobs', ARGV[2])
redis.call('HSET', KEYS[1], 'state', 'canceled', 'kept', 0, 'finished', now)
redis.call('ZADD', KEYS[3], now, ARGV[2])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[5], '*', 'state', 'canceled')
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
redis.call('PUBLISH', ARGV[6], ARGV[2])
return {'canceled'}
