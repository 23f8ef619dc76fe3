// QRBench — LabelPlacer: room for the bench chart's labels beside its marks.

/// Finds room for text labels beside marks, avoiding the marks and the labels placed so far.
struct LabelPlacer {
    /// Rectangles taken: x, y, width, height.
    private var taken: [(Double, Double, Double, Double)] = []
    /// The area labels stay in: left, top, right, bottom.
    let bounds: (Double, Double, Double, Double)

    init(bounds: (Double, Double, Double, Double)) {
        self.bounds = bounds
    }

    /// About how wide `text` is at font `size` (Helvetica's average glyph, bold).
    static func width(_ text: String, size: Double) -> Double {
        Double(text.count) * size * 0.6
    }

    /// Marks the rectangle as taken (a mark, a whisker), so that no label covers it.
    mutating func block(x: Double, y: Double, width: Double, height: Double) {
        taken.append((x, y, width, height))
    }

    /// A spot for a label `width` × `height` near the mark at (`nearX`, `y`): right of the
    /// mark, left of it, above, below, then further up and down. `x`, `y` is the text's
    /// start and baseline; `leader` asks for a line back to the mark, drawn to `anchorX`.
    mutating func place(width: Double, height: Double, nearX px: Double, y py: Double)
        -> (x: Double, y: Double, anchorX: Double, leader: Bool)
    {
        var candidates: [(Double, Double, Bool)] = [
            (px + 10, py - height / 2, false), (px - 10 - width, py - height / 2, false),
            (px - width / 2, py - 10 - height, false), (px - width / 2, py + 10, false),
        ]
        for step in 1...8 {
            let dy = Double(step) * (height + 2)
            candidates += [
                (px + 10, py - height / 2 - dy, true), (px + 10, py - height / 2 + dy, true),
                (px - 10 - width, py - height / 2 - dy, true), (px - 10 - width, py - height / 2 + dy, true),
            ]
        }
        let inside = candidates.filter { x, y, _ in
            x >= bounds.0 && y >= bounds.1 && x + width <= bounds.2 && y + height <= bounds.3
        }
        let free = inside.first { x, y, _ in
            !taken.contains { x < $0.0 + $0.2 && $0.0 < x + width && y < $0.1 + $0.3 && $0.1 < y + height }
        }
        let (x, y, leader) = free ?? inside.first ?? candidates[0]
        taken.append((x, y, width, height))
        return (x, y + height - 3, x < px ? x + width : x, leader)
    }

    /// Label positions for `wanted` (vertical positions), in the same order, at least
    /// `gap` apart and within `low`...`high`, each as near its wish as that allows.
    static func spread(_ wanted: [Double], gap: Double, low: Double, high: Double) -> [Double] {
        let order = wanted.indices.sorted { wanted[$0] < wanted[$1] }
        var placed = order.map { wanted[$0] }
        for i in placed.indices {
            placed[i] = max(placed[i], i == 0 ? low : placed[i - 1] + gap)
        }
        for i in placed.indices.reversed() {
            placed[i] = min(placed[i], i == placed.count - 1 ? high : placed[i + 1] - gap)
        }
        var result = wanted
        for (rank, index) in order.enumerated() { result[index] = placed[rank] }
        return result
    }
}
