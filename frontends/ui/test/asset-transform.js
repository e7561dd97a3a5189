// A media import (webpack asset/resource) is its file's URL; in jest, "/media/<file name>".
const path = require('path');

module.exports = {
  process: (_source, filename) => ({ code: `module.exports = ${JSON.stringify(`/media/${path.basename(filename)}`)};` }),
};
