-- Puts jobs whose lease ran out back in line at their old place (or fails them after
-- max_attempts), fails jobs whose admission never finished, and fails jobs that waited in
-- line longer than keep_open. Atomic, so every instance may run it. Returns the ids it failed;
-- a failed job that never ran kept nothing, one that ran may have stored images (kept unknown).
-- The jobs come from the lists, so their keys are built here from the prefix (all under the
-- one `{lucent}` hash tag).
-- KEYS: running q:reserving unsettled wake q:pro q:free
-- ARGV: prefix max_attempts batch maxlen channel keep_open_ms
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local P, failed, requeued = ARGV[1], {}, 0
local function fail(id, job, uid, why)
  redis.call('HSET', job, 'state', 'failed', 'error', why, 'token', '', 'finished', now)
  if tonumber(redis.call('HGET', job, 'attempts') or '0') == 0 then redis.call('HSET', job, 'kept', 0) end
  redis.call('SREM', P .. 'user:' .. uid .. ':jobs', id)
  redis.call('ZADD', KEYS[3], now, id)
  redis.call('XADD', P .. 'ev:' .. id, 'MAXLEN', '~', ARGV[4], '*', 'state', 'failed')
  redis.call('PUBLISH', ARGV[5], id)
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
      redis.call('ZADD', tier == 'pro' and KEYS[5] or KEYS[6], seq, id)
      redis.call('XADD', P .. 'ev:' .. id, 'MAXLEN', '~', ARGV[4], '*', 'state', 'queued')
      redis.call('PUBLISH', ARGV[5], id)
      requeued = requeued + 1
    end
  end
end
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now, 'LIMIT', 0, ARGV[3])) do
  redis.call('ZREM', KEYS[2], id)
  local job = P .. 'job:' .. id
  local uid = redis.call('HGET', job, 'uid')
  if uid then fail(id, job, uid, 'admission_interrupted') end
end
-- Each line is in order of submission, so the overdue are at its head.
for _, line in ipairs({KEYS[5], KEYS[6]}) do
  for _, id in ipairs(redis.call('ZRANGE', line, 0, tonumber(ARGV[3]) - 1)) do
    local job = P .. 'job:' .. id
    local uid, created = unpack(redis.call('HMGET', job, 'uid', 'created'))
    if uid and tonumber(created) + tonumber(ARGV[6]) > now then break end
    redis.call('ZREM', line, id)
    if uid then fail(id, job, uid, 'expired') end
  end
end
if requeued > 0 then
  redis.call('RPUSH', KEYS[4], 1)
  redis.call('LTRIM', KEYS[4], -64, -1)
end
return failed
