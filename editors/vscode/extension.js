// The client side only: VS Code starts `spl lsp` and speaks the Language Server Protocol to it.
// Everything spl knows (diagnostics, fixes, explanations) comes from the server.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate() {
  const command = vscode.workspace.getConfiguration('spl').get('path') || 'spl';
  client = new LanguageClient(
    'spl',
    'spl',
    { command, args: ['lsp'] },
    {
      documentSelector: [{ scheme: 'file', language: 'yaml' }],
      // a saved or changed manifest elsewhere changes what the cross-resource rules see
      synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.{yaml,yml,json}') },
    }
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
