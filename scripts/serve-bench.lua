-- wrk script for `make bench-serve`: with pictures as arguments, POST /decode with each in
-- turn, else the URL as given (GET /encode); and the count of each status, so that 503s,
-- which the admission bound is for, are told from other errors.
local bodies = {}
local next_body = 1
local threads = {}
statuses = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  for _, path in ipairs(args) do
    local file = assert(io.open(path, "rb"))
    table.insert(bodies, file:read("*a"))
    file:close()
  end
end

function request()
  if #bodies == 0 then return wrk.format() end
  local body = bodies[next_body]
  next_body = next_body % #bodies + 1
  return wrk.format("POST", "/decode", { ["Content-Type"] = "application/octet-stream" }, body)
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do
      total[status] = (total[status] or 0) + count
    end
  end
  local parts = {}
  for status, count in pairs(total) do table.insert(parts, status .. "=" .. count) end
  table.sort(parts)
  io.write("STATUSES " .. table.concat(parts, ",") .. "\n")
end
