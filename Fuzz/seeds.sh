#!/usr/bin/env bash
# Fuzz/seeds.sh TARGET DIR: writes the seed corpus for one fuzz target into
# DIR. Seeds are generated (deterministically) from the repository's configs
# and from the same kinds of hostile input the hostile demo server serves.
set -euo pipefail
cd "$(dirname "$0")/.."
target=$1
dir=$2
mkdir -p "$dir"
n=0
seed() { n=$((n + 1)); printf '%b' "$1" > "$dir/seed-$(printf '%03d' $n)"; }

# Text with everything the sanitizer must handle (\e = ESC; \xNN raw bytes).
texts=(
  'plain ASCII text'
  'OSC0 \e]0;PWNED-TITLE\aset title'
  'OSC52 \e]52;c;SE9TVElMRS1DTElQQk9BUkQ=\e\\clipboard'
  'DCS \ePtmux;\e\e]52;c;x\a\e\\ passthrough'
  'CSI \e[6n \e[21t \e[2J\e[H \e[?1049l'
  'C1 \xc2\x9b6n \xc2\x9d0;x\xc2\x9c \xc2\x90q\xc2\x9c'
  'raw C1 \x9b6n invalid \xff\xfe \xc0\xaf \xed\xa0\x80 cut \xe2\x82'
  'CR\rBS\b\b LF\n TAB\t VT\v FF\f NUL\x00 DEL\x7f'
  'bidi \xe2\x80\xaeexe.txt\xe2\x80\xac \xe2\x81\xa6iso\xe2\x81\xa9 \xe2\x80\x8f \xd8\x9c'
  'zero\xe2\x80\x8bwidth\xe2\x80\x8cnon\xe2\x80\x8djoiner\xe2\x81\xa0wj \xef\xbb\xbfbom'
  'family \xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa7 flag \xf0\x9f\x87\xb5\xf0\x9f\x87\xb9 keycap 1\xef\xb8\x8f\xe2\x83\xa3'
  'skin \xf0\x9f\x91\x8b\xf0\x9f\x8f\xbd\xe2\x80\x8d\xe2\x99\x82\xef\xb8\x8f vs16 \xe2\x9d\xa4\xef\xb8\x8f'
  'Z\xcc\x81\xcc\x81\xcc\x81\xcc\x81\xcc\x81\xcc\x81\xcc\x81\xcc\x81\xcc\x81\xcc\x81 combining'
  'wide \xe7\x95\x8c\xe7\x95\x8c\xe7\x95\x8c \xe9\x9d\x92\xe8\x8a\xb1\xe7\x93\xb7 \xf0\x9f\x9a\x80'
  'tags \xf3\xa0\x81\x81\xf3\xa0\x81\x82 annotation \xef\xbf\xb9a\xef\xbf\xbb line sep \xe2\x80\xa8 para \xe2\x80\xa9'
  '&amp; &#x1B;[31m &#27; &#155; &lt;b&gt; &#x202E; &bogus; &#99999999;'
)

case "$target" in
FuzzSanitizer)
  # First byte: the length cap (and width) the target uses.
  for t in "${texts[@]}"; do
    seed "\x01$t"; seed "\x07$t"; seed "\x3f$t"
  done
  ;;
FuzzMapping)
  # JSON escapes are written \\u001b (printf %b makes that \u001b).
  hostile='{"id":1,"title":"OSC0 \\u001b]0;PWNED\\u0007 set","subtitle":"\\u001b]52;c;SE9U\\u001b\\\\","price":"12.5","stats":{"stars":3},"rating":4.5,"flag":"yes","created_at":"2024-05-01T10:00:00Z","t":1700000000,"ms":1700000000000,"tags":[{"name":"a"}]},'
  hostile+='{"id":2,"title":"C1 \\u009b6n \xc2\x9d0;x\xc2\x9c \\u0090q","subtitle":"\\r\\b\\n\\t\\u0000\\u007f"},'
  hostile+='{"id":3,"title":"bidi \\u202eexe.txt\\u202c \\u2066i\\u2069 \\u200f","subtitle":"zw\\u200b\\u200c\\u200d\\u2060\\ufeff"},'
  hostile+='{"id":4,"title":"family \xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9 \\ud83d\\ude80 \\ud800 lone","subtitle":"Z\xcc\x81\xcc\x81\xcc\x81 \xe7\x95\x8c"},'
  hostile+='{"id":"5","title":"&amp; &#x1B;[31m &#27; &#155; &#x202E; &bogus;","subtitle":null,"price":"N/A","flag":2,"created_at":"nope","t":"1e3"}'
  seed "{\"code\":200,\"msg\":\"ok\",\"datas\":{\"list\":[$hostile],\"totalPage\":3,\"total\":60,\"more\":true}}"
  seed '{"code":200,"msg":"ok","datas":{"list":[{"id":1,"title":"Brass Lantern","price":84.48,"created_at":"2024-01-01"}],"totalPage":34,"total":1000}}'
  seed '{"code":500,"msg":"database \\u001b[2J down","datas":null}'
  seed '{"code":200,"datas":{"list":[{"id":"id \\u001b]0;x\\u0007 \\u202e \\u0000 end","title":"t"},{"id":"id2\\r\\n","title":"u"}]}}'
  seed '{"code":200,"datas":{"list":null}}'
  seed '{"code":200,"datas":{"list":"not a list","totalPage":"many","total":{"n":1}}}'
  seed '[{"name":"root list","html_url":"http://h/1"},{"name":null},{"name":42},{"name":["x"]}]'
  seed '{"next":"cursor-2","data":[]}'
  seed '{"results":[{"id":"a","name":"x"}],"links":{"next":"/n?page=2"}}'
  seed '{"code":200,"datas":{"list":[{"id":1,"title":"big","price":1e400,"t":-1e308,"ms":1e308}],"totalPage":1e400}}'
  seed '{"code":200,"datas":{"list":[{"id":1.5,"title":true},{"id":{"x":1},"title":"obj id"}]}}'
  seed '{"code":200,"datas":{"list":[{"id":1,"title":"trunc'
  seed "{\"code\":200,\"datas\":{\"list\":[{\"id\":1,\"title\":\"deep\",\"x\":$(printf '[%.0s' {1..600})$(printf ']%.0s' {1..600})}]}}"
  seed '{"code":200,"datas":{"list":[{"id":1,"title":"bad \xff\xfe utf8 \x9b6n"}]}}'
  seed '<!DOCTYPE html><html><title>\e]0;x\a</title></html>'
  seed '\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\x03'
  seed '{"code":"200","datas":{"list":[{"id":"1","title":"&#x1B;]0;x&#7;"}],"more":"no"}}'
  ;;
FuzzNumbers)
  # The first line is the number; the rest, with it, is a document for the two readers.
  for number in 0 -1 7 1.0 -0.0 19.90 0.1 2.5e-5 1e22 5e-324 9223372036854775807 -9223372036854775808 \
      9223372036854775808 18446744073709551615 18446744073709551616 -9223372036854775809 \
      12345678901234567890123 1e400 -1E400 1e-400 0.1e99999999999999999999 1.00000000000000000001 \
      0.1000000000000000055511151231257827 3.14159265358979323846264338327950288 123456789012345678.5e-3 01 1. -; do
    seed "$number\n{\"hits\":[{\"id\":$number,\"v\":[$number,\"x\",0.3]}],\"next\":$number}"
  done
  seed '[1, 1.0, 1e2, -0.0, 1.5, true, false, null, "x", 12345678901234567890, -9223372036854775808]'
  seed '{"a": {"b": [1, {"c": "d"}]}, "e": "\\u00e9\\ud83d\\ude80", "f": "tab\\tnl\\n", "n": 1e400}'
  seed '{"b": 1, "a": 2, "b": 3, "big": 99999999999999999999999}'
  seed '[0.12345678901234567890, "pad"]'
  ;;
FuzzConfig)
  for f in Config/*.yaml; do cp "$f" "$dir/config-$(basename "$f")"; done
  seed 'server: http://h\ninterfaces:\n  items: {url: /x, item: {title: t}}\n'
  seed '{"server":"https://h","interfaces":{"a":{"url":"/a","item":{"title":"t","id":"id"}}}}'
  seed 'server: http://h\ncommunication: {method: POST, bodyFormat: json, timeout: 0.5, headers: {X-Key: "${TOKEN}"}, maxBodyBytes: 10}\nlocalCache: {enabled: true, path: ~/c, expire: 0, maxSize: 1 GB}\ninterfaces:\n  a:\n    url: /a\n    params: {q: [a, b], n: 1}\n    paging: {style: offset, size: 5, totalCount: n, hasMore: more}\n    item: {title: t, price: {path: p, type: money, default: "0"}}\n    columns: [{field: title, width: 5}, {field: price, weight: 2, min: 3, align: right}]\n'
  seed 'server: http://h\ninterfaces:\n  a: {url: /a, paging: {style: cursor, nextCursor: next, cursorParam: c}, item: {title: t}}\n  b: {url: /b, paging: {style: nextURL, nextURL: links.next}, item: {title: t}}\n  c: {url: /c, paging: {style: link}, item: {title: t}}\n  d: {url: /d, paging: {style: lastId}, item: {id: id, title: t}}\n'
  seed 'server: http://h\ninterfaces:\n  a: {url: /a, pagign: {}, item: {title: t}}\n'
  seed 'server: ftp://h\ninterfaces: {}\n'
  seed 'base: &b {url: /x, item: {title: t}}\nserver: http://h\ninterfaces:\n  a: *b\n  b: {<<: *b, url: /y}\n'
  seed 'server: "http://h/${MISSING}"\ninterfaces:\n  a: {url: "$$literal", item: {title: t}}\n'
  seed "server: http://h\ninterfaces: $(printf '[%.0s' {1..300})$(printf ']%.0s' {1..300})\n"
  seed 'server: http://h\n\tinterfaces:\n  a: {url: /x, item: {title: t}}\n'
  seed 'server: http://h\ninterfaces:\n  \xff\xfe: {url: "\e]0;x\a", item: {title: "t\x00"}}\n'
  seed '%YAML 1.2\n---\nserver: !!binary aGk=\ninterfaces: !!set {a}\n...\n'
  seed 'a: &a [*a]\n'
  ;;
FuzzPaths)
  # A path on the first line, a body after it.
  seed 'data.sections[*].items\n{"data":{"sections":[{"items":[1,2]},{"x":0},{"items":[3]}]}}'
  seed '["@odata.nextLink"]\n{"@odata.nextLink":"http://h/n?$skiptoken=20","value":[]}'
  seed "hits.hits[-1].sort\n{\"hits\":{\"hits\":[{\"sort\":[1,\"a\"]},{\"sort\":[2,\"b\"]}]}}"
  seed '\n{"-Nb":{"n":"x"},"-Na":{"n":"y"},"a b":1,"\\u00e9":2,"\\ud83d\\ude80":3}'
  seed 'users\n)]}\x27\n{"users":{"z":{"a":1},"y":[{"}":"{"}],"x":"\\"\\\\"}}'
  seed '[0]\nwhile(1);[{"_number":1,"_more_changes":true}]'
  seed '[-1]._more_changes\nfor(;;);[{"_number":1},{"_number":2,"_more_changes":true}]'
  seed "['it\\'s'][\"q\\\"\"][*][-2]\n{\"it's\":{\"q\\\"\":[[1,2],[3,4]]}}"
  seed '[*][*]\n{"id":1,"t":"a"}\n{"id":2,"t":"b"}\n\n{oops\n'
  seed "a$(printf '[0]%.0s' {1..200})\n$(printf '[%.0s' {1..200})1$(printf ']%.0s' {1..200})"
  seed '["unclosed\n{}'
  seed '[99999999999999999999]\n[1]'
  ;;
FuzzBody)
  # A JSON template on the first line, then name=value lines.
  seed '{"query":"q","variables":{"first":1,"after":null}}\n$.variables.after=Y3Vyc29yOjIw\n$.variables.first=20'
  seed '{"query":{"match_all":{}},"sort":[{"created_at":"desc"}]}\n$.search_after=[1700000000000,"p20"]\n$.size=20'
  seed '{}\n$.a.b.c=1\n$.a.b=2\n$.a=[1,2]\n$.a[3]=x\n$.a[1000]=y\n$.a[1001]=z'
  seed '[1,2]\n$[0]=x\n$["k"]=v\n$.k=w'
  seed 'null\n$["odd \\"key\\" ]"]=1\n$[\x27a\x27].b=2\n$.[*]=3\n$.x[-1]=4\nplain=5'
  seed '"scalar"\n$.=1\n$=2\n$.a..b=3'
  seed '{"n":1e308,"m":-0.0,"s":"\\u0000\\ud800"}\n$.n=1e400\n$.t=true'
  ;;
FuzzOpenAPI)
  # Small documents in each version and shape, then broken and hostile ones.
  seed '{"openapi":"3.0.0","info":{"title":"Petstore","version":"1"},"servers":[{"url":"http://petstore.swagger.io/v1"}],"paths":{"/pets":{"get":{"summary":"List all pets","parameters":[{"name":"limit","in":"query","schema":{"type":"integer","maximum":100}}],"responses":{"200":{"description":"ok","headers":{"x-next":{"schema":{"type":"string"}}},"content":{"application/json":{"schema":{"type":"array","items":{"$ref":"#/components/schemas/Pet"}}}}}}}},"/pets/{id}":{"get":{"parameters":[{"name":"id","in":"path","required":true,"schema":{"type":"string"}}],"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Pet"}}}}}}}},"components":{"schemas":{"Pet":{"type":"object","properties":{"id":{"type":"integer"},"name":{"type":"string"},"tag":{"type":"string"}}}}}}'
  seed 'openapi: 3.1.0\ninfo: {title: Shop, version: "1"}\npaths:\n  /items/:\n    get:\n      parameters:\n        - &p {name: page, in: query, schema: {type: integer, default: 1}}\n        - {name: size, in: query, schema: {type: integer, default: 50, maximum: 100}}\n        - {name: status, in: query, schema: {type: string, enum: [a, b]}}\n        - {name: sort, in: query, schema: {enum: [new, old]}}\n      responses:\n        "200":\n          content:\n            application/json:\n              schema:\n                type: object\n                properties:\n                  items: {type: array, items: {anyOf: [{$ref: "#/components/schemas/I"}, {type: "null"}]}}\n                  total: {type: [integer, "null"]}\n                  pages: {type: integer}\ncomponents:\n  schemas:\n    I: {allOf: [{properties: {id: {type: integer}}}, {properties: {name: {type: string}, created_at: {type: string, format: date-time}, image_url: {type: string, format: uri}}}]}\n'
  seed 'swagger: "2.0"\nhost: api.example.com\nbasePath: /v2\nsecurityDefinitions: {k: {type: apiKey, in: header, name: X-Key}, o: {type: oauth2, flow: application, tokenUrl: /token}}\npaths:\n  /users:\n    get:\n      parameters: [{name: offset, in: query, type: integer}, {name: limit, in: query, type: integer}]\n      responses:\n        200:\n          schema: {type: object, properties: {data: {type: array, items: {$ref: "#/definitions/U"}}, next_cursor: {type: string}, has_more: {type: boolean}}}\ndefinitions:\n  U: {type: object, properties: {id: {type: string}, login: {type: string}}}\n'
  seed '{"openapi":"3.0.0","paths":{"/a":{"get":{"responses":{"200":{"$ref":"#/components/responses/L"}}}},"/b":{"get":{"responses":{"200":{"content":{"application/json":{"schema":{"$ref":"other.yaml#/x"}}}}}}},"/c":{"get":{"responses":{"200":{"content":{"*/*":{"schema":{"$ref":"#/components/schemas/N"}}}}}}}},"components":{"responses":{"L":{"$ref":"#/components/responses/L"}},"schemas":{"N":{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#/components/schemas/N"}},"id":{"type":"integer"}}}}}}'
  seed 'openapi: 3.0.0\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\na1: &a1 [*a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0]\na2: &a2 [*a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1]\npaths: {}\n'
  seed '{"openapi":"3.0.0","info":{"title":"a\\"b: c\\n  x: y &a *b ${HOME}"},"servers":[{"url":"{s}://h/{v}","variables":{"s":{"default":"https"}}}],"paths":{"/x/{id}/${HOME}":{"get":{"summary":"\\u001b]0;PWNED\\u0007","parameters":[{"name":"k: v\\n","in":"query","schema":{"enum":["${PATH}","a\\nb",1,null,true]}}],"responses":{"2XX":{"content":{"application/json":{"schema":{"type":"object","properties":{"we: ird\\n":{"type":"array","items":{"properties":{"${HOME}":{"type":"string"},"- x":{}}}}}}}}}}}}}}'
  seed 'not openapi at all'
  seed '[1, 2, 3]'
  seed "{\"openapi\":\"3.0.0\",\"x\":$(printf '[%.0s' {1..300})$(printf ']%.0s' {1..300})}"
  ;;
FuzzTemplates)
  # A template, then values, each part after an RS byte (\x1e): the values
  # the hostile server's /exact/items serves, and the texts above.
  seed 'run ${item.v0} -- ${item.v1}\x1eline one\nline two\x1ea\tb'
  seed '/items/${item.v0}/sold?by=${item.v1}\x1ea\r\nX-Injected: 1\x1e\xe2\x80\xaetxt.exe'
  seed '${marked.v0}\x1e$(touch x) `id` ; | & > <\x1e--rf'
  seed '${item.v0}\x1eabc\x00def\x1e\e[31mred\e[0m \e]0;PWNED\a'
  seed '/${item.v0}/${item.v1}\x1e..\x1e.\x1e%2F%00'
  seed 'pre-${item.v0}-${item.v1}\x1e&amp; &lt;b&gt;\x1e  both ends  \x1e\xc3\xa4\xe2\x82\xac\xf0\x9f\x9a\x80'
  for t in "${texts[@]}"; do seed "\${item.v0}:\${item.v1}\x1e$t\x1e$t"; done
  ;;
FuzzImages)
  # Small valid PNG and JPEG (baseline and progressive) from our encoders,
  # then the hostile server's kinds: truncated, empty, HTML, huge dimensions.
  .build/fuzz/bin/image_seeds "$dir"
  head -c 40 "$dir/png-16x16" > "$dir/truncated-png"
  head -c 120 "$dir/jpeg-progressive-16x16" > "$dir/truncated-jpeg"
  : > "$dir/empty"
  seed '<!doctype html><html><body>not an image</body></html>'
  seed '\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x01\x86\xa0\x00\x01\x86\xa0\x08\x02\x00\x00\x00'
  ;;
*)
  echo "seeds: unknown target $target" >&2
  exit 1
  ;;
esac
