-- Times spl lsp in headless Neovim on a real repository: the first diagnostics of a file after
-- the server starts (it reads the whole workspace first), then edit -> diagnostics for ROUNDS
-- edits of one line. Globals: SPL_CMD, SPL_FILE, SPL_LINE (1-based), SPL_A, SPL_B (the two texts
-- the line alternates between), SPL_ROUNDS, SPL_OUT.
local published = {}
local default_handler = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  table.insert(published, { version = result.version, count = #result.diagnostics, at = vim.loop.hrtime() })
  return default_handler(err, result, ctx, config)
end
local start = vim.loop.hrtime()
local client = vim.lsp.start_client({
  cmd = SPL_CMD, root_dir = vim.fn.getcwd(), flags = { debounce_text_changes = 0 },
})
vim.cmd('edit ' .. vim.fn.fnameescape(SPL_FILE))
local buf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(buf, client)
local function wait_for(t0, version)
  local found = nil
  vim.wait(120000, function()
    for _, p in ipairs(published) do
      if p.at >= t0 and p.version == version then found = p return true end
    end
    return false
  end, 1)
  return found
end
local out = { first_ms = nil, latencies_ms = {}, counts = {} }
-- the read of the workspace, then the file's lint with it (the second publish of version 0)
vim.wait(120000, function()
  local n = 0
  for _, p in ipairs(published) do if p.version == 0 then n = n + 1 end end
  return n >= 2
end, 5)
out.first_ms = (published[#published].at - start) / 1e6
for round = 1, SPL_ROUNDS do
  local text = (round % 2 == 1) and SPL_A or SPL_B
  local t0 = vim.loop.hrtime()
  vim.api.nvim_buf_set_lines(buf, SPL_LINE - 1, SPL_LINE, false, { text })
  local p = wait_for(t0, vim.api.nvim_buf_get_changedtick(buf))
  if not p then break end
  table.insert(out.latencies_ms, (p.at - t0) / 1e6)
  table.insert(out.counts, p.count)
end
vim.fn.writefile({ vim.fn.json_encode(out) }, SPL_OUT)
vim.cmd('qall!')
