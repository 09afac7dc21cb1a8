-- The whole line: {queued pro, queued free, running, live workers, pro waits, free waits}.
-- KEYS: q:pro q:free running workers waited:pro waited:free   ARGV: worker_stale_ms
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
return {redis.call('ZCARD', KEYS[1]), redis.call('ZCARD', KEYS[2]), redis.call('ZCARD', KEYS[3]),
  redis.call('ZCOUNT', KEYS[4], now - tonumber(ARGV[1]), '+inf'),
  redis.call('HGETALL', KEYS[5]), redis.call('HGETALL', KEYS[6])}
