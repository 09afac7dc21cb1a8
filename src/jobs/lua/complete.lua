-- Ends a run, once, for the worker that holds it. The job stays (no TTL) until it is settled.
-- KEYS: job:<id> running ev:<id> unsettled stats user:<uid>:jobs
-- ARGV: id token state field value kept maxlen channel
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local s, tok, started = unpack(redis.call('HMGET', KEYS[1], 'state', 'token', 'started'))
if s ~= 'running' or tok ~= ARGV[2] then return false end
redis.call('HSET', KEYS[1], 'state', ARGV[3], ARGV[4], ARGV[5], 'kept', ARGV[6], 'token', '', 'finished', now)
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('SREM', KEYS[6], ARGV[1])
redis.call('ZADD', KEYS[4], now, ARGV[1])
local took = now - tonumber(started)
local avg = tonumber(redis.call('HGET', KEYS[5], 'avg_ms') or took)
redis.call('HSET', KEYS[5], 'avg_ms', string.format('%d', math.floor(avg * 0.8 + took * 0.2)))
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[7], '*', 'state', ARGV[3])
redis.call('PUBLISH', ARGV[8], ARGV[1])
return redis.call('HMGET', KEYS[1], 'uid', 'period', 'credits')
