-- Extends a lease (the token fences out a worker whose lease was given away) and records progress.
-- KEYS: job:<id> running ev:<id>   ARGV: id token lease_ms progress|'' maxlen channel
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local s, tok = unpack(redis.call('HMGET', KEYS[1], 'state', 'token'))
if s ~= 'running' or tok ~= ARGV[2] then return 0 end
redis.call('ZADD', KEYS[2], 'XX', now + tonumber(ARGV[3]), ARGV[1])
if ARGV[4] ~= '' then
  redis.call('HSET', KEYS[1], 'progress', ARGV[4])
  redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[5], '*', 'progress', ARGV[4])
  redis.call('PUBLISH', ARGV[6], ARGV[1])
end
return 1
