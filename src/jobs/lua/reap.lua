-- Puts jobs whose lease ran out back in line at their old place (or fails them after
-- max_attempts) and fails jobs whose admission never finished. Atomic, so every instance may
-- run it. Returns the ids it failed.
-- KEYS: running q:reserving unsettled wake   ARGV: prefix max_attempts batch keep_ended_ms maxlen channel
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local P, failed, requeued = ARGV[1], {}, 0
local function fail(id, job, uid, why)
  redis.call('HSET', job, 'state', 'failed', 'error', why, 'token', '', 'finished', now)
  if why == 'admission_interrupted' then redis.call('HSET', job, 'kept', 0) end
  redis.call('SREM', P .. 'user:' .. uid .. ':jobs', id)
  redis.call('ZADD', KEYS[3], now, id)
  redis.call('XADD', P .. 'ev:' .. id, 'MAXLEN', '~', ARGV[5], '*', 'state', 'failed')
  redis.call('PEXPIRE', job, ARGV[4])
  redis.call('PEXPIRE', P .. 'ev:' .. id, ARGV[4])
  table.insert(failed, id)
end
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, ARGV[3])) do
  redis.call('ZREM', KEYS[1], id)
  local job = P .. 'job:' .. id
  local uid, tier, seq, n = unpack(redis.call('HMGET', job, 'uid', 'tier', 'seq', 'attempts'))
  if uid then
    if tonumber(n) >= tonumber(ARGV[2]) then
      fail(id, job, uid, 'worker_lost')
    else
      redis.call('HSET', job, 'state', 'queued', 'token', '', 'worker', '')
      redis.call('ZADD', P .. 'q:' .. tier, seq, id)
      redis.call('XADD', P .. 'ev:' .. id, 'MAXLEN', '~', ARGV[5], '*', 'state', 'queued')
      requeued = requeued + 1
    end
    redis.call('PUBLISH', ARGV[6], id)
  end
end
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now, 'LIMIT', 0, ARGV[3])) do
  redis.call('ZREM', KEYS[2], id)
  local job = P .. 'job:' .. id
  local uid = redis.call('HGET', job, 'uid')
  if uid then
    fail(id, job, uid, 'admission_interrupted')
    redis.call('PUBLISH', ARGV[6], id)
  end
end
if requeued > 0 then
  redis.call('RPUSH', KEYS[4], 1)
  redis.call('LTRIM', KEYS[4], -64, -1)
end
return failed
