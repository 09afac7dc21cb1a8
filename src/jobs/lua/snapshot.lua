-- A job and, while it is queued, its place: {uid, tier, state, progress, result, error, position, eta_ms, settled}.
-- KEYS: job:<id> q:pro q:free streak stats workers   ARGV: id pro_burst worker_stale_ms
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local uid, tier, s, progress, result, err, settled = unpack(redis.call('HMGET', KEYS[1], 'uid', 'tier', 'state', 'progress', 'result', 'error', 'settled'))
if not uid then return false end
local position, eta = 0, 0
if s == 'queued' then
  local R, st = math.max(1, tonumber(ARGV[2])), tonumber(redis.call('GET', KEYS[4]) or '0')
  local np, nf, ahead = redis.call('ZCARD', KEYS[2]), redis.call('ZCARD', KEYS[3]), 0
  if tier == 'pro' then
    local k = redis.call('ZRANK', KEYS[2], ARGV[1]) or 0
    ahead = k + math.min(nf, math.floor((st + k) / R))
  else
    local r = redis.call('ZRANK', KEYS[3], ARGV[1]) or 0
    ahead = r + math.min(np, math.max(0, (r + 1) * R - st))
  end
  local w = math.max(1, redis.call('ZCOUNT', KEYS[6], now - tonumber(ARGV[3]), '+inf'))
  local avg = tonumber(redis.call('HGET', KEYS[5], 'avg_ms') or '0')
  position, eta = ahead + 1, math.floor(ahead * avg / w)
end
return {uid, tier, s, progress or '', result or '', err or '', position, eta, settled == 'done' and 1 or 0}
