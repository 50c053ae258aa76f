-- Drives spl lsp from headless Neovim's built-in LSP client (Neovim 0.7+), as NeovimLspIT asks:
-- open the file, wait for spl's diagnostics, apply the code action that fixes SPL021, write the
-- file, then edit a line a few times and time each edit's diagnostics. Results go to a JSON file.
-- Globals set by the test (-c "lua ..."): SPL_CMD (the server command), SPL_FILE, SPL_OUT.
local results = { diagnostics = {}, actions = {}, latencies_ms = {}, errors = {} }
local published = {}
local default_handler = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  table.insert(published, { version = result.version, count = #result.diagnostics, at = vim.loop.hrtime() })
  return default_handler(err, result, ctx, config)
end

local function finish()
  vim.fn.writefile({ vim.fn.json_encode(results) }, SPL_OUT)
  vim.cmd('qall!')
end

local root = vim.fn.fnamemodify(SPL_FILE, ':h:h')
local client = vim.lsp.start_client({
  cmd = SPL_CMD,
  root_dir = root,
  flags = { debounce_text_changes = 0 },
})
vim.cmd('edit ' .. vim.fn.fnameescape(SPL_FILE))
local buf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(buf, client)

-- the publish for the buffer's current text, after t0 (didOpen is version 0, a change its
-- changedtick)
local function wait_for_current(t0, version)
  local tick = version or vim.api.nvim_buf_get_changedtick(buf)
  local found = nil
  vim.wait(60000, function()
    for _, p in ipairs(published) do
      if p.at >= t0 and p.version == tick then
        found = p
        return true
      end
    end
    return false
  end, 1)
  return found
end

if not wait_for_current(0, 0) then
  table.insert(results.errors, 'no diagnostics for the opened file within 60 s')
  return finish()
end
local target = nil
for _, d in ipairs(vim.diagnostic.get(buf)) do
  local lsp = d.user_data and d.user_data.lsp or {}
  table.insert(results.diagnostics, { line = d.lnum, col = d.col, message = d.message, code = lsp.code })
  if lsp.code == 'SPL021' and d.message:find('"1d"', 1, true) then
    -- Neovim keeps the position on the diagnostic itself, the protocol's other fields in user_data
    target = {
      range = { start = { line = d.lnum, character = d.col }, ['end'] = { line = d.end_lnum, character = d.end_col } },
      message = d.message,
      severity = d.severity,
      source = d.source,
      code = lsp.code,
    }
  end
end
if not target then
  table.insert(results.errors, 'no SPL021 diagnostic for "1d"')
  return finish()
end

local params = {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  range = target.range,
  context = { diagnostics = { target } },
}
local responses = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 30000) or {}
local chosen = nil
for _, response in pairs(responses) do
  if response.err or response.error then
    table.insert(results.errors, vim.inspect(response.err or response.error))
  end
  for _, action in ipairs(response.result or {}) do
    table.insert(results.actions, action.title)
    chosen = chosen or action
  end
end
if not chosen then
  table.insert(results.errors, 'no code action')
  return finish()
end
vim.lsp.util.apply_workspace_edit(chosen.edit, 'utf-16')
-- the fixed text's diagnostics (writing the file moves changedtick without a change to send)
local fixed_tick = vim.api.nvim_buf_get_changedtick(buf)
wait_for_current(0, fixed_tick)
vim.cmd('write')

-- time from an edit to its diagnostics, as typed: a bad duration written and taken back
local line = nil
for i, text in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
  if text:find('absoluteTimeout: 100000s', 1, true) then
    line = i - 1
  end
end
for round = 1, 9 do
  local value = (round % 2 == 1) and '      absoluteTimeout: 3d' or '      absoluteTimeout: 100000s'
  local t0 = vim.loop.hrtime()
  vim.api.nvim_buf_set_lines(buf, line, line + 1, false, { value })
  local p = wait_for_current(t0)
  if not p then
    table.insert(results.errors, 'no diagnostics after edit ' .. round)
    return finish()
  end
  table.insert(results.latencies_ms, (p.at - t0) / 1e6)
end
results.final_count = #vim.diagnostic.get(buf)
finish()
