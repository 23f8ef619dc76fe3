// QRCorpus — GeneratorOptions: what the corpus generator makes, and how many.
import Dispatch
import QRKit

/// What to generate.
public struct GeneratorOptions: Sendable {
    /// Pictures to make; picture *i* is of category `categories[i % categories.count]`.
    public var count: Int
    /// The seed: equal seeds give byte-identical corpora.
    public var seed: UInt64
    /// The categories, in turn.
    public var categories: [GeneratedCategory]
    /// Write only pictures that some engine of the standard registry reads whole, that no
    /// engine reads in part and that no engine misreads, so every strategy over both
    /// engines reads every picture (what the shipped Samples need).
    public var readableOnly: Bool

    public init(
        count: Int, seed: UInt64, categories: [GeneratedCategory] = GeneratedCategory.defaultCategories,
        readableOnly: Bool = false
    ) {
        self.count = count
        self.seed = seed
        self.categories = categories.isEmpty ? GeneratedCategory.defaultCategories : categories
        self.readableOnly = readableOnly
    }
}
