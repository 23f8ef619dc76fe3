// qr-serve — OpenAPIDocument: the API served at /openapi.yaml (OpenAPI 3.1), which the tests and schemathesis hold the server to.
enum OpenAPIDocument {
    static let yaml = #"""
        openapi: 3.1.0
        info:
          title: qr-serve
          version: "1.0"
          description: >-
            QRKit over HTTP: encode text as a QR code in the formats of `qr encode`, and decode
            pictures with the JSON of `qr decode --json`. Errors are a JSON object
            {"error": {"message": ...}} whose message says what to change.
        paths:
          /:
            get:
              summary: The page (encode with a live preview, decode by dropping a picture).
              responses:
                "200":
                  description: One HTML page, with its CSS and script.
                  content:
                    text/html:
                      schema: {type: string}
          /openapi.yaml:
            get:
              summary: This document.
              responses:
                "200":
                  description: The API in OpenAPI 3.1.
                  content:
                    application/yaml:
                      schema: {type: string}
          /healthz:
            get:
              summary: Whether the server answers.
              responses:
                "200":
                  description: ok
                  content:
                    text/plain:
                      schema: {type: string}
          /metrics:
            get:
              summary: Requests, latencies, engine wins, refusals and work in flight, in Prometheus's text format.
              responses:
                "200":
                  description: The metrics.
                  content:
                    text/plain:
                      schema: {type: string}
          /encode:
            get:
              summary: Encode text as a QR code, with the options of `qr encode`.
              parameters:
                - {name: text, in: query, required: true, schema: {type: string, minLength: 1, maxLength: 4096}}
                - {name: format, in: query, schema: {$ref: "#/components/schemas/Format"}}
                - {name: level, in: query, schema: {$ref: "#/components/schemas/Level"}}
                - {name: version, in: query, schema: {type: integer}}
                - {name: strict-version, in: query, schema: {type: boolean}}
                - {name: micro, in: query, schema: {type: boolean}}
                - {name: 8bit, in: query, schema: {type: boolean}}
                - {name: kanji, in: query, schema: {type: boolean}}
                - {name: mode, in: query, schema: {$ref: "#/components/schemas/Mode"}}
                - {name: encoding, in: query, schema: {type: string}}
                - {name: boost, in: query, schema: {type: boolean}}
                - {name: case-insensitive, in: query, schema: {type: boolean}}
                - {name: eci, in: query, schema: {type: boolean}}
                - {name: scale, in: query, schema: {type: integer}}
                - {name: size-px, in: query, schema: {type: integer}}
                - {name: margin, in: query, schema: {type: integer}}
                - {name: foreground, in: query, schema: {type: string}}
                - {name: background, in: query, schema: {type: string}}
                - {name: force, in: query, schema: {type: boolean}}
                - {name: dpi, in: query, schema: {type: integer}}
                - {name: invert, in: query, schema: {type: boolean}}
                - {name: title, in: query, schema: {type: string}}
                - {name: desc, in: query, schema: {type: string}}
                - {name: If-None-Match, in: header, schema: {type: string}}
              responses:
                "200": {$ref: "#/components/responses/Symbol"}
                "304": {$ref: "#/components/responses/NotModified"}
                "400": {$ref: "#/components/responses/Error"}
                "422": {$ref: "#/components/responses/Error"}
            post:
              summary: Encode text as a QR code; the parameters of GET as a JSON object.
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/EncodeBody"}
              responses:
                "200": {$ref: "#/components/responses/Symbol"}
                "400": {$ref: "#/components/responses/Error"}
                "413": {$ref: "#/components/responses/Error"}
                "422": {$ref: "#/components/responses/Error"}
          /decode:
            post:
              summary: >-
                Decode pictures (PNG, JPEG, WebP, TIFF, GIF, BMP, netpbm): the body is one picture,
                or multipart/form-data of several (16 at most). The answer holds one object per
                picture, as `qr decode --json` prints it.
              parameters:
                - {name: strategy, in: query, schema: {$ref: "#/components/schemas/Strategy"}}
                - {name: timeout-ms, in: query, schema: {type: integer, minimum: 1, maximum: 60000}}
              requestBody:
                required: true
                content:
                  application/octet-stream:
                    schema: {type: string, format: binary}
                  multipart/form-data:
                    schema:
                      type: object
                      properties:
                        files:
                          type: array
                          items: {type: string, format: binary}
              responses:
                "200":
                  description: Every picture was read (a picture without a code has no symbols).
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/DecodeResults"}
                "400": {$ref: "#/components/responses/Error"}
                "408": {$ref: "#/components/responses/Error"}
                "413": {$ref: "#/components/responses/Error"}
                "422":
                  description: Some picture could not be read; its object's error is the reader's message.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/DecodeResults"}
                "503":
                  description: >-
                    Every decode place is taken and none came free in time, or the bodies held
                    are at their bound; retry after the seconds given.
                  headers:
                    Retry-After:
                      required: true
                      schema: {type: integer}
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Error"}
        components:
          responses:
            Symbol:
              description: The symbol in the format asked for (PNG by default).
              headers:
                ETag:
                  required: true
                  schema: {type: string}
                Cache-Control:
                  required: true
                  schema: {type: string}
              content:
                image/png: {schema: {type: string, format: binary}}
                image/svg+xml: {schema: {type: string}}
                application/pdf: {schema: {type: string, format: binary}}
                application/postscript: {schema: {type: string}}
                image/x-portable-bitmap: {schema: {type: string, format: binary}}
                image/x-portable-arbitrarymap: {schema: {type: string, format: binary}}
                image/x-xbitmap: {schema: {type: string}}
                image/x-xpixmap: {schema: {type: string}}
                text/plain: {schema: {type: string}}
            NotModified:
              description: The symbol is the one the ETag names.
            Error:
              description: What was wrong, and what to change.
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/Error"}
          schemas:
            Format:
              type: string
              enum: [png, svg, pdf, eps, pbm, pam, xbm, xpm, ascii, utf8]
            Level:
              type: string
              enum: [L, M, Q, H]
            Mode:
              type: string
              enum: [numeric, alnum, byte, kanji]
            Strategy:
              type: string
              enum: [race, hedged, sequential, sequential-zbar-first, all, zbar, zxing]
            EncodeBody:
              type: object
              required: [text]
              additionalProperties: false
              properties:
                text: {type: string, minLength: 1, maxLength: 4096}
                format: {$ref: "#/components/schemas/Format"}
                level: {$ref: "#/components/schemas/Level"}
                version: {type: integer}
                strict-version: {type: boolean}
                micro: {type: boolean}
                8bit: {type: boolean}
                kanji: {type: boolean}
                mode: {$ref: "#/components/schemas/Mode"}
                encoding: {type: string}
                boost: {type: boolean}
                case-insensitive: {type: boolean}
                eci: {type: boolean}
                scale: {type: integer}
                size-px: {type: integer}
                margin: {type: integer}
                foreground: {type: string}
                background: {type: string}
                force: {type: boolean}
                dpi: {type: integer}
                invert: {type: boolean}
                title: {type: string}
                desc: {type: string}
            Error:
              type: object
              required: [error]
              properties:
                error:
                  type: object
                  required: [message]
                  properties:
                    message: {type: string}
            DecodeResults:
              type: array
              items: {$ref: "#/components/schemas/DecodeResult"}
            DecodeResult:
              type: object
              required: [file, symbols, report, error]
              properties:
                file: {type: string}
                symbols:
                  type: array
                  items: {$ref: "#/components/schemas/Symbol"}
                sequences:
                  type: array
                  items: {type: object}
                report:
                  oneOf:
                    - type: "null"
                    - $ref: "#/components/schemas/Report"
                error: {type: [string, "null"]}
            Symbol:
              type: object
              required: [text, bytes, corners, engine, micro, eci]
              properties:
                text: {type: string}
                bytes: {type: string, contentEncoding: base64}
                corners:
                  type: array
                  items:
                    type: array
                    items: {type: integer}
                    minItems: 2
                    maxItems: 2
                engine: {type: string}
                ec_level: {type: [string, "null"]}
                micro: {type: boolean}
                eci: {type: boolean}
                structured_append:
                  type: [object, "null"]
                structured_append_unplaced: {type: boolean}
            Report:
              type: object
              required: [strategy, winner, elapsed_ms, timed_out, engines]
              properties:
                strategy: {type: string}
                winner: {type: [string, "null"]}
                elapsed_ms: {type: number}
                timed_out: {type: boolean}
                held_ms: {type: number}
                engines:
                  type: array
                  items:
                    type: object
                    required: [name, outcome]
                    properties:
                      name: {type: string}
                      start_ms: {type: [number, "null"]}
                      elapsed_ms: {type: [number, "null"]}
                      cpu_ms: {type: [number, "null"]}
                      outcome: {type: string}
                      error: {type: [string, "null"]}
        """#
}
