// Mocha entry loaded by VS Code's extension host (`extensionTestsPath`): runs every
// `*.test.js` beside this file and resolves when they pass.
const path = require("node:path");
const fs = require("node:fs");
const Mocha = require("mocha");

exports.run = function run() {
  const mocha = new Mocha({ ui: "bdd", timeout: 60_000, color: false, reporter: "spec" });
  for (const file of fs.readdirSync(__dirname).filter((f) => f.endsWith(".test.js"))) mocha.addFile(path.join(__dirname, file));
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures ? reject(new Error(`${failures} test(s) failed`)) : resolve()));
  });
};
