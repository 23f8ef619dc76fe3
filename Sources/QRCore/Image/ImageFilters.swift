// QRKit — ImageFilters: the pictures the geometry passes derive: sharpened for blur and grown
// smoothly for tiny codes.

extension GrayImage {
    /// The picture with an unsharp mask: each pixel pushed away from its neighbourhood's
    /// mean by `amount` times the difference, the mean taken over a Gaussian-like blur of
    /// about `radius` pixels (three box blurs), clamped to 0...255.
    ///
    /// Out-of-focus modules run into each other; the mask steepens their edges again, so
    /// that a binariser finds them where they were.
    package func sharpened(radius: Int, amount: Double) -> GrayImage {
        let source = pixels
        let blurred = paddedAndBlurred(by: 0, radius: radius, times: 3).storage
        let gain = Int((amount * 256).rounded())
        var out = [UInt8](repeating: 0, count: source.count)
        source.withUnsafeBufferPointer { source in
            blurred.withUnsafeBufferPointer { blurred in
                out.withUnsafeMutableBufferPointer { out in
                    for index in 0..<source.count {
                        let value = Int(source[index])
                        let pushed = value + (gain * (value - Int(blurred[index])) + 128) >> 8
                        out[index] = UInt8(truncatingIfNeeded: min(255, max(0, pushed)))
                    }
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: out)
    }

    /// The picture grown `factor` times on both axes by cubic convolution (Keys' kernel,
    /// a = -1/2, as Catmull-Rom), separably, the edges extended.
    ///
    /// Smoother than bilinear growth and without nearest-neighbour steps: a module of one
    /// or two pixels keeps a rounded peak in its middle, which a binariser or a sampler
    /// between pixels can find.
    package func upscaledBicubic(by factor: Int) -> GrayImage {
        // A flag no one raises: the growth runs to its end.
        try! upscaledBicubic(by: factor, stop: CancellationFlag())
    }

    /// ``upscaledBicubic(by:)``, looking at `stop` every row: once it is raised, this
    /// throws ``DecodeError/cancelled``. Growing a picture of 300 pixels three times takes
    /// milliseconds, which a pass whose answer has come need not spend.
    package func upscaledBicubic(by factor: Int, stop: CancellationFlag) throws(DecodeError) -> GrayImage {
        precondition(factor >= 1, "upscaledBicubic needs a factor of at least 1")
        try stop.check()
        if factor == 1 { return self }
        // The four weights of each output phase: an output pixel `k` of every `factor`
        // lies (k + 0.5) / factor - 0.5 source pixels after the source pixel below it.
        let phases = (0..<factor).map { k -> (start: Int, weights: [Float]) in
            let position = (Double(k) + 0.5) / Double(factor) - 0.5
            let below = Int(position.rounded(.down))
            let t = position - Double(below)
            return (
                below - 1, [Self.cubic(1 + t), Self.cubic(t), Self.cubic(1 - t), Self.cubic(2 - t)].map(Float.init)
            )
        }
        let source = pixels
        let (width, height) = (self.width, self.height)
        let newWidth = width * factor
        let newHeight = height * factor
        // Across: each source row grown into `newWidth` floats.
        var across = [Float](repeating: 0, count: newWidth * height)
        source.withUnsafeBufferPointer { source in
            across.withUnsafeMutableBufferPointer { across in
                for (k, phase) in phases.enumerated() {
                    let (w0, w1, w2, w3) = (phase.weights[0], phase.weights[1], phase.weights[2], phase.weights[3])
                    for y in 0..<height where !stop.isCancelled {
                        let row = y * width
                        let outRow = y * newWidth + k
                        for x in 0..<width {
                            let first = x + phase.start
                            let s0 = min(max(first, 0), width - 1)
                            let s1 = min(max(first + 1, 0), width - 1)
                            let s2 = min(max(first + 2, 0), width - 1)
                            let s3 = min(max(first + 3, 0), width - 1)
                            var sum: Float = 0
                            sum += w0 * Float(source[row + s0])
                            sum += w1 * Float(source[row + s1])
                            sum += w2 * Float(source[row + s2])
                            sum += w3 * Float(source[row + s3])
                            across[outRow + x * factor] = sum
                        }
                    }
                }
            }
        }
        try stop.check()
        // Down: each output row from four grown rows.
        var out = [UInt8](repeating: 0, count: newWidth * newHeight)
        across.withUnsafeBufferPointer { across in
            out.withUnsafeMutableBufferPointer { out in
                for y in 0..<height where !stop.isCancelled {
                    for (k, phase) in phases.enumerated() {
                        let (w0, w1, w2, w3) = (phase.weights[0], phase.weights[1], phase.weights[2], phase.weights[3])
                        let first = y + phase.start
                        let r0 = min(max(first, 0), height - 1) * newWidth
                        let r1 = min(max(first + 1, 0), height - 1) * newWidth
                        let r2 = min(max(first + 2, 0), height - 1) * newWidth
                        let r3 = min(max(first + 3, 0), height - 1) * newWidth
                        let base = (y * factor + k) * newWidth
                        for x in 0..<newWidth {
                            var sum: Float = 0
                            sum += w0 * across[r0 + x]
                            sum += w1 * across[r1 + x]
                            sum += w2 * across[r2 + x]
                            sum += w3 * across[r3 + x]
                            // Rounded half away from zero, as `sum.rounded()`, without a call
                            // of libm: `sum + 0.5` is exact in a Double, and its floor is the
                            // rounding for every sum that is not clamped to 0.
                            let half = Double(sum) + 0.5
                            out[base + x] = half < 1 ? 0 : half >= 255 ? 255 : UInt8(Int(half))
                        }
                    }
                }
            }
        }
        try stop.check()
        return GrayImage(width: newWidth, height: newHeight, pixels: out)
    }

    /// Keys' cubic convolution kernel with a = -1/2 at distance `x`.
    private static func cubic(_ x: Double) -> Double {
        let x = abs(x)
        if x <= 1 { return 1.5 * x * x * x - 2.5 * x * x + 1 }
        if x < 2 { return -0.5 * x * x * x + 2.5 * x * x - 4 * x + 2 }
        return 0
    }
}
