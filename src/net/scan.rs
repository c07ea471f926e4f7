//! Reading a QR code from a camera picture (the host scans a guest's reply): `rqrr`, a pure
//! Rust decoder, on the picture's brightness. Called only from its own part of the wasm
//! (`host::scan`), fetched when the host first opens the camera.

/// The text of the first QR code found in a greyscale picture of `w` × `h` pixels, one byte
/// each, row by row (None when there is none, or the picture is smaller than it says).
pub fn read_qr(luma: &[u8], w: usize, h: usize) -> Option<String> {
    if w == 0 || h == 0 || luma.len() < w * h {
        return None;
    }
    let mut img = rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| luma[y * w + x]);
    img.detect_grids()
        .into_iter()
        .find_map(|g| g.decode().ok().map(|(_, text)| text))
}

/// Brightness of RGBA pixels (as a canvas gives them), one byte each.
pub fn luma_of_rgba(rgba: &[u8]) -> Vec<u8> {
    rgba.chunks_exact(4)
        .map(|p| ((u32::from(p[0]) * 77 + u32::from(p[1]) * 150 + u32::from(p[2]) * 29) >> 8) as u8)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use qrcodegen::{QrCode, QrCodeEcc};

    /// `text` as a QR code drawn `scale` pixels a module with a quiet zone, on grey paper
    /// with a little noise (as a phone screen seen by a camera), in RGBA.
    fn picture(text: &str, scale: usize) -> (Vec<u8>, usize) {
        let code = QrCode::encode_text(text, QrCodeEcc::Low).unwrap();
        let n = code.size() as usize;
        let side = (n + 8) * scale + 13;
        let mut rgba = Vec::with_capacity(side * side * 4);
        for y in 0..side {
            for x in 0..side {
                let (mx, my) = ((x / scale) as i32 - 4, (y / scale) as i32 - 4);
                let dark = code.get_module(mx, my);
                let noise = ((x * 7 + y * 13) % 9) as u8;
                let v = if dark { 20 + noise } else { 215 + noise };
                rgba.extend_from_slice(&[v, v, v.saturating_sub(5), 255]);
            }
        }
        (rgba, side)
    }

    #[test]
    fn a_reply_link_is_read_back_from_its_picture() {
        let link = "http://192.168.1.20:8080/#/reply/AVJnMWEyYjNjNGQ1ZTYCASNFZ4mrze8EWHE3ZRhwUzlyU2Y4UlZlWEkrbXZXazNSZnF3L1JfOpEMIqvN7wEjRWeJq83vEDJUdpi63P4AESIzRFVmdwIC-";
        for scale in [3, 5] {
            let (rgba, side) = picture(link, scale);
            let luma = luma_of_rgba(&rgba);
            assert_eq!(
                read_qr(&luma, side, side).as_deref(),
                Some(link),
                "scale {scale}"
            );
        }
    }

    #[test]
    fn no_code_no_text_and_no_panic() {
        assert_eq!(read_qr(&[128; 100], 10, 10), None);
        assert_eq!(read_qr(&[0; 10], 10, 10), None);
        assert_eq!(read_qr(&[], 0, 0), None);
        let noise: Vec<u8> = (0..200 * 150).map(|i| ((i * 7919) % 251) as u8).collect();
        assert_eq!(read_qr(&noise, 200, 150), None);
    }
}
