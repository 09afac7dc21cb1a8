-- Cancels the owner's job while it is still queued. A job that ran before (its worker was
-- lost and it went back in line) may have stored images: its `kept` stays unknown, so the
-- settler counts them and charges for those.
-- KEYS: job:<id> ev:<id> unsettled q:pro q:free user:<uid>:jobs   ARGV: id uid maxlen channel
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local uid, s, tier, attempts = unpack(redis.call('HMGET', KEYS[1], 'uid', 'state', 'tier', 'attempts'))
if uid ~= ARGV[2] then return {'missing'} end
if s ~= 'queued' then return {'late', s} end
redis.call('ZREM', tier == 'pro' and KEYS[4] or KEYS[5], ARGV[1])
redis.call('SREM', KEYS[6], ARGV[1])
redis.call('HSET', KEYS[1], 'state', 'canceled', 'finished', now)
if tonumber(attempts or '0') == 0 then redis.call('HSET', KEYS[1], 'kept', 0) end
redis.call('ZADD', KEYS[3], now, ARGV[1])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[3], '*', 'state', 'canceled')
redis.call('PUBLISH', ARGV[4], ARGV[1])
return {'canceled'}
