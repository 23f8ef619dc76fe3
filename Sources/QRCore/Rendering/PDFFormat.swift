// QRKit — PDFFormat: a symbol as a one-page PDF, the dark modules one filled path.

/// Renders a symbol as a PDF document of one page, the size of the symbol and its margin.
///
/// A module is `scale` pixels at `dpi`, so `scale × 72 / dpi` points: at the default
/// 72 dpi, `scale` points (with a target size, the page is that many pixels and the
/// quiet zone takes the rest). The dark modules are one path of rectangles (runs merged
/// along rows and down columns), filled once; the background is a rectangle, left out
/// when fully transparent. Translucent colours are drawn with a constant alpha.
///
/// ```swift
/// let pdf = try PDFRenderer(options: RenderOptions(scale: 4), dpi: 300).render(matrix)
/// ```
public enum PDFFormat: PageFormat {
    public static let traits = FormatTraits("PDF", colourSupport: .any, drawing: .vector)

    /// Draws `matrix` as a PDF file.
    ///
    /// - Parameters:
    ///   - matrix: The symbol.
    ///   - layout: Its margin and scale.
    ///   - points: The module's and the page's sizes in points.
    ///   - options: The checked options.
    /// - Returns: The file's bytes: PDF 1.4, one page, uncompressed.
    public static func draw(
        _ matrix: QRMatrix, in layout: RenderLayout, on points: VectorPage, options: RenderOptions
    ) -> [UInt8] {
        var alphas: [String] = []
        var content = "q\n"
        func paint(_ colour: RGBAColor) {
            if !colour.isOpaque {
                let name = "/A\(alphas.count)"
                alphas.append("\(name) << /ca \(Decimal.text(Int(colour.alpha), 255, digits: 3)) >>")
                content += "\(name) gs\n"
            }
            content += "\(Decimal.rgb(colour)) rg\n"
        }
        if options.background.alpha > 0 {
            paint(options.background)
            content += "0 0 \(points.page) \(points.page) re f\n"
        }
        // From here on, one unit is a module, from the top-left corner of the margin.
        content += "\(points.module) 0 0 -\(points.module) \(points.origin) \(points.originFromBottom) cm\n"
        let rectangles = matrix.darkRectangles(margin: layout.margin)
        if !rectangles.isEmpty, options.foreground.alpha > 0 {
            paint(options.foreground)
            for (index, r) in rectangles.enumerated() {
                content += "\(r.x) \(r.y) \(r.width) \(r.height) re"
                content += index % 8 == 7 ? "\n" : " "
            }
            content += "f\n"
        }
        content += "Q\n"

        let resources = alphas.isEmpty ? "" : " /Resources << /ExtGState << \(alphas.joined(separator: " ")) >> >>"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(points.page) \(points.page)]\(resources) /Contents 4 0 R >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)endstream",
        ]
        var file: [UInt8] = Array("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(file.count)
            file += Array("\(index + 1) 0 obj\n\(object)\nendobj\n".utf8)
        }
        let xref = file.count
        var trailer = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            let digits = String(offset)
            trailer += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
        }
        trailer += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return file + Array(trailer.utf8)
    }
}

/// Draws PDF: ``PDFFormat`` on the page ``PageRenderer`` measures.
public typealias PDFRenderer = PageRenderer<PDFFormat>
