-- Run after a documented init.lua has set spl up and the file is open: waits until spl's
-- diagnostics for the buffer hold SPL_CODE (or 60 s), then writes them to SPL_OUT as JSON lines
-- "line<TAB>code<TAB>message" and quits. Globals set by the test: SPL_CODE, SPL_OUT.
local buf = vim.api.nvim_get_current_buf()
local function codes()
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local lsp = d.user_data and d.user_data.lsp or {}
    table.insert(out, d.lnum + 1 .. '\t' .. tostring(lsp.code or d.code) .. '\t' .. d.message)
  end
  return out
end
vim.wait(60000, function()
  for _, line in ipairs(codes()) do
    if line:find('\t' .. SPL_CODE .. '\t', 1, true) then
      return true
    end
  end
  return false
end, 50)
local lines = codes()
table.insert(lines, 1, 'clients\t' .. #vim.lsp.buf_get_clients(buf))
vim.fn.writefile(lines, SPL_OUT)
vim.cmd('qall!')
