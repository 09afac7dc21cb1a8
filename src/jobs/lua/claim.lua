-- Starts the next job by the rule: pro first, but after pro_burst pro starts in a row while
-- free jobs wait, a free one. The job runs under the caller's lease.
-- KEYS: q:pro q:free running streak workers waited:pro waited:free
-- ARGV: prefix worker token lease_ms pro_burst maxlen channel worker_stale_ms, then the wait
-- histogram's bucket bounds (ms), counted cumulatively into the tier's waited hash as fields
-- 1..n, count, sum_ms. Workers not seen within worker_stale_ms leave the registry.
-- The job popped from a line is found there, so its keys alone are built from the prefix.
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
redis.call('ZADD', KEYS[5], now, ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', now - tonumber(ARGV[8]))
for _ = 1, 16 do
  local np, nf = redis.call('ZCARD', KEYS[1]), redis.call('ZCARD', KEYS[2])
  if np + nf == 0 then return false end
  local streak, from = tonumber(redis.call('GET', KEYS[4]) or '0'), KEYS[2]
  if np > 0 and (nf == 0 or streak < tonumber(ARGV[5])) then
    from = KEYS[1]
    if nf > 0 then streak = streak + 1 else streak = 0 end
  else
    streak = 0
  end
  local id = redis.call('ZPOPMIN', from)[1]
  local job = ARGV[1] .. 'job:' .. id
  if redis.call('HGET', job, 'state') == 'queued' then
    redis.call('SET', KEYS[4], streak)
    local attempt = redis.call('HINCRBY', job, 'attempts', 1)
    if attempt == 1 then
      local created, tier = unpack(redis.call('HMGET', job, 'created', 'tier'))
      local waits = KEYS[7]
      if tier == 'pro' then waits = KEYS[6] end
      local waited = now - tonumber(created)
      for i = 9, #ARGV do
        if waited <= tonumber(ARGV[i]) then redis.call('HINCRBY', waits, i - 8, 1) end
      end
      redis.call('HINCRBY', waits, 'count', 1)
      redis.call('HINCRBY', waits, 'sum_ms', waited)
    end
    redis.call('HSET', job, 'state', 'running', 'token', ARGV[3], 'worker', ARGV[2], 'started', now)
    redis.call('ZADD', KEYS[3], now + tonumber(ARGV[4]), id)
    redis.call('XADD', ARGV[1] .. 'ev:' .. id, 'MAXLEN', '~', ARGV[6], '*', 'state', 'running')
    redis.call('PUBLISH', ARGV[7], id)
    return {id, attempt, unpack(redis.call('HMGET', job, 'uid', 'tier', 'request', 'period', 'credits'))}
  end
end
return false
