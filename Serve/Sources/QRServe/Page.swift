// qr-serve — Page: the one page at /, its CSS and script inline: no build step, no framework.
enum Page {
    /// What the page may load: itself, its own endpoints, and the pictures the user picks.
    static let policy =
        "default-src 'none'; connect-src 'self'; img-src 'self' blob:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'"

    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>QRKit: make and read QR codes</title>
        <style>
          :root { color-scheme: light; --ink: #111; --paper: #fff; --accent: #0b57d0; --muted: #444; }
          body { font: 16px/1.5 system-ui, sans-serif; color: var(--ink); background: var(--paper); margin: 0 auto; max-width: 60rem; padding: 1rem; }
          h1 { font-size: 1.5rem; }
          section { border: 1px solid #888; border-radius: .5rem; padding: 1rem; margin: 1rem 0; }
          label { display: block; font-weight: 600; margin: .5rem 0 .25rem; }
          textarea, select, input[type=file] { font: inherit; width: 100%; box-sizing: border-box; }
          textarea { min-height: 4rem; }
          :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
          #preview { display: block; width: 16rem; height: 16rem; margin: 1rem 0; image-rendering: pixelated; }
          .downloads a { margin-right: 1rem; color: var(--accent); }
          #drop { border: 2px dashed var(--muted); border-radius: .5rem; padding: 1rem; text-align: center; }
          #drop.over { border-color: var(--accent); background: #eef3fd; }
          #texts li { white-space: pre-wrap; overflow-wrap: anywhere; }
          canvas { max-width: 100%; margin-top: 1rem; }
          #status, #encode-status { color: var(--muted); }
          .error { color: #a00000; }
        </style>
        </head>
        <body>
        <main>
        <h1>Make and read QR codes</h1>
        <section aria-labelledby="make-title">
          <h2 id="make-title">Make a code</h2>
          <label for="text">Text to encode</label>
          <textarea id="text" name="text">https://example.org</textarea>
          <label for="level">Error correction</label>
          <select id="level" name="level">
            <option value="L">L: about 7% may be damaged</option>
            <option value="M" selected>M: about 15%</option>
            <option value="Q">Q: about 25%</option>
            <option value="H">H: about 30%</option>
          </select>
          <img id="preview" alt="The QR code of the text" src="">
          <p id="encode-status" role="status" aria-live="polite"></p>
          <p class="downloads">Download:
            <a id="png" download="qr.png" href="#">PNG</a>
            <a id="svg" download="qr.svg" href="#">SVG</a>
            <a id="pdf" download="qr.pdf" href="#">PDF</a>
          </p>
        </section>
        <section aria-labelledby="read-title">
          <h2 id="read-title">Read a code</h2>
          <div id="drop">
            <label for="file">Pick a picture, drop it here, or paste it</label>
            <input id="file" type="file" accept="image/*">
          </div>
          <p id="status" role="status" aria-live="polite"></p>
          <ol id="texts" aria-label="Codes read"></ol>
          <canvas id="canvas" role="img" aria-label="The picture, each code read outlined"></canvas>
        </section>
        </main>
        <script>
        "use strict";
        const $ = (id) => document.getElementById(id);
        let timer = null;
        function encodeURL(format) {
          return "/encode?" + new URLSearchParams({ text: $("text").value, level: $("level").value, format }).toString();
        }
        async function refresh() {
          const status = $("encode-status");
          if ($("text").value === "") { status.textContent = "Type some text to see its code."; return; }
          const response = await fetch(encodeURL("svg"));
          if (!response.ok) {
            const body = await response.json().catch(() => null);
            status.textContent = body && body.error ? body.error.message : "The code could not be made.";
            status.className = "error";
            return;
          }
          const url = URL.createObjectURL(await response.blob());
          const old = $("preview").src;
          $("preview").src = url;
          if (old.startsWith("blob:")) URL.revokeObjectURL(old);
          status.textContent = "Code ready.";
          status.className = "";
          for (const format of ["png", "svg", "pdf"]) $(format).href = encodeURL(format);
        }
        function schedule() { clearTimeout(timer); timer = setTimeout(refresh, 150); }
        $("text").addEventListener("input", schedule);
        $("level").addEventListener("change", schedule);
        refresh();

        async function read(file) {
          const status = $("status");
          const list = $("texts");
          list.replaceChildren();
          status.className = "";
          status.textContent = "Reading " + (file.name || "the picture") + "…";
          const response = await fetch("/decode", { method: "POST", body: file, headers: { "Content-Type": "application/octet-stream" } });
          const body = await response.json().catch(() => null);
          const result = Array.isArray(body) ? body[0] : null;
          if (!response.ok || !result || result.error) {
            status.textContent = (result && result.error) || (body && body.error && body.error.message) || "The picture could not be read.";
            status.className = "error";
            return;
          }
          for (const symbol of result.symbols) {
            const item = document.createElement("li");
            item.textContent = symbol.text;
            list.append(item);
          }
          const n = result.symbols.length;
          status.textContent = n === 0 ? "No code found." : n === 1 ? "1 code found." : n + " codes found.";
          draw(file, result.symbols);
        }
        function draw(file, symbols) {
          const image = new Image();
          const url = URL.createObjectURL(file);
          image.onload = () => {
            const canvas = $("canvas");
            canvas.width = image.naturalWidth;
            canvas.height = image.naturalHeight;
            const context = canvas.getContext("2d");
            context.drawImage(image, 0, 0);
            context.lineWidth = Math.max(3, image.naturalWidth / 150);
            context.strokeStyle = "#e00000";
            for (const symbol of symbols) {
              context.beginPath();
              symbol.corners.forEach(([x, y], i) => i === 0 ? context.moveTo(x, y) : context.lineTo(x, y));
              context.closePath();
              context.stroke();
            }
            URL.revokeObjectURL(url);
          };
          image.src = url;
        }
        $("file").addEventListener("change", () => { if ($("file").files[0]) read($("file").files[0]); });
        const drop = $("drop");
        drop.addEventListener("dragover", (event) => { event.preventDefault(); drop.classList.add("over"); });
        drop.addEventListener("dragleave", () => drop.classList.remove("over"));
        drop.addEventListener("drop", (event) => {
          event.preventDefault();
          drop.classList.remove("over");
          const file = event.dataTransfer.files[0];
          if (file) read(file);
        });
        document.addEventListener("paste", (event) => {
          const item = [...event.clipboardData.items].find((i) => i.kind === "file");
          if (item) read(item.getAsFile());
        });
        </script>
        </body>
        </html>
        """#
}
