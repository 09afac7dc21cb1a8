-- The whole line: {queued pro, queued free, running, live workers}.
-- KEYS: q:pro q:free running workers   ARGV: worker_stale_ms
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
return {redis.call('ZCARD', KEYS[1]), redis.call('ZCARD', KEYS[2]), redis.call('ZCARD', KEYS[3]),
  redis.call('ZCOUNT', KEYS[4], now - tonumber(ARGV[1]), '+inf')}
