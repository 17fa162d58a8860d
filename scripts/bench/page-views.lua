-- wrk script: page views as the beacon sends them, each request from its own client
-- address (so the per-address limit measures nothing) and its own visitor id.
local threads = {}
local counter = 0

function setup(thread)
  thread:set("thread_number", #threads)
  table.insert(threads, thread)
end

-- Optional first argument: milliseconds each connection waits between requests (a steady rate).
local pause = 0

function init(args)
  math.randomseed(os.time() + (thread_number or 0) * 7919)
  pause = tonumber(args[1]) or 0
end

function delay()
  return pause
end

local function hex(digits, high)
  return string.format("%0" .. digits .. "x", math.random(0, high))
end

local function uuid()
  return hex(4, 0xffff) .. hex(4, 0xffff) .. "-" .. hex(4, 0xffff) .. "-4" .. hex(3, 0xfff) .. "-"
    .. string.format("%04x", 0x8000 + math.random(0, 0x3fff)) .. "-" .. hex(4, 0xffff) .. hex(4, 0xffff) .. hex(4, 0xffff)
end

function request()
  counter = counter + 1
  local address = string.format("10.%d.%d.%d", (thread_number or 0) * 32 + math.floor(counter / 65536) % 32,
    math.floor(counter / 256) % 256, counter % 256)
  local referrer = (counter % 3 == 0) and '"https://search.example/"' or "null"
  local body = string.format('{"path":"/articles/%d?ref=bench#top","referrer":%s,"visitor_id":"%s"}', counter % 500, referrer, uuid())
  return wrk.format("POST", "/api/page-views", {
    ["Content-Type"] = "text/plain;charset=UTF-8",
    ["User-Agent"] = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
    ["X-Forwarded-For"] = address,
  }, body)
end

function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format("RESULT %d %d %d %.2f %.2f %.2f\n", summary.requests, errors.status,
    errors.connect + errors.read + errors.write + errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
