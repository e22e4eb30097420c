import { appFiles } from './appFiles';

describe('the shell\'s own files listed in index.html', () => {
  it('lists its async scripts and stylesheets under the asset prefix, and nothing else', () => {
    const names = [
      'static/js/async/7.abc.js',
      'static/css/async/h.def.css',
      'static/js/async/7.abc.js.LICENSE.txt',
      'static/js/async/7.abc.js.br',
      'static/js/index.123.js',
      'index.html',
      'mf-manifest.json',
    ];
    expect(appFiles(names, '/')).toEqual(['/static/css/async/h.def.css', '/static/js/async/7.abc.js']);
    expect(appFiles(names, 'https://cdn.example/app')).toEqual(['https://cdn.example/app/static/css/async/h.def.css', 'https://cdn.example/app/static/js/async/7.abc.js']);
  });
});
