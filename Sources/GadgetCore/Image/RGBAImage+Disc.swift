extension RGBAImage {
    /// A white disc filling a `diameter`-pixel square, premultiplied, its rim anti-aliased from a
    /// 4×4 grid of samples per pixel (the page dots: drawn 1:1 from the atlas, so a board of
    /// straight gadgets keeps the renderer's sharp path; docs/rendering.md).
    public static func disc(diameter: Int) -> RGBAImage {
        let n = max(1, diameter)
        var out = RGBAImage(width: n, height: n)
        let r = Double(n) / 2, r2 = r * r
        for y in 0..<n {
            for x in 0..<n {
                var inside = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let dx = Double(x) + (Double(sx) + 0.5) / 4 - r, dy = Double(y) + (Double(sy) + 0.5) / 4 - r
                        if dx * dx + dy * dy <= r2 { inside += 1 }
                    }
                }
                let a = UInt8((Double(inside) * 255 / 16).rounded())
                out.setPixel(x, y, (a, a, a, a))
            }
        }
        return out
    }
}
