//! What every target shares in reading its bytes.

/// The bytes as text, as a decoder that takes text gets them: invalid
/// UTF-8 replaced, so every input reaches the decoder.
pub(crate) fn text(data: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(data)
}
