import Testing
@testable import QRCore
@testable import QRKit

@Test func grayImageIndexing() {
    let image = GrayImage(width: 3, height: 2, pixels: [0, 1, 2, 3, 4, 5])
    #expect(image[2, 1] == 5)
    #expect(image[0, 1] == 3)
}
