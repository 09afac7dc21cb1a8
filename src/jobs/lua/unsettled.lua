-- Ended jobs nobody settled within the grace period: {id, uid, period, credits, kept|false}...
-- KEYS: unsettled   ARGV: prefix grace_ms batch
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local out = {}
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]), 'LIMIT', 0, ARGV[3])) do
  local uid, period, credits, kept = unpack(redis.call('HMGET', ARGV[1] .. 'job:' .. id, 'uid', 'period', 'credits', 'kept'))
  if uid then
    table.insert(out, {id, uid, period, credits, kept or ''})
  else
    redis.call('ZREM', KEYS[1], id)
  end
end
return out
