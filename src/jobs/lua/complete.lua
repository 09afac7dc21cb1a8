-- Ends a run, once, for the worker that holds it.
-- KEYS: job:<id> running ev:<id> unsettled stats
-- ARGV: prefix id token state field value kept keep_ended_ms maxlen channel
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local s, tok, uid, started = unpack(redis.call('HMGET', KEYS[1], 'state', 'token', 'uid', 'started'))
if s ~= 'running' or tok ~= ARGV[3] then return false end
redis.call('HSET', KEYS[1], 'state', ARGV[4], ARGV[5], ARGV[6], 'kept', ARGV[7], 'token', '', 'finished', now)
redis.call('ZREM', KEYS[2], ARGV[2])
redis.call('SREM', ARGV[1] .. 'user:' .. uid .. ':jobs', ARGV[2])
redis.call('ZADD', KEYS[4], now, ARGV[2])
local took = now - tonumber(started)
local avg = tonumber(redis.call('HGET', KEYS[5], 'avg_ms') or took)
redis.call('HSET', KEYS[5], 'avg_ms', string.format('%d', math.floor(avg * 0.8 + took * 0.2)))
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[9], '*', 'state', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[8])
redis.call('PEXPIRE', KEYS[3], ARGV[8])
redis.call('PUBLISH', ARGV[10], ARGV[2])
return redis.call('HMGET', KEYS[1], 'uid', 'period', 'credits')
