//! The client trusts what the operating system trusts: behind a corporate
//! proxy that inspects TLS, the service's certificate is signed by the
//! company's own authority, installed in the system's store and in no
//! built-in list. Here a throwaway authority signs a local HTTPS server's
//! certificate and is the one entry of the store the process reads
//! (`SSL_CERT_FILE`, as on Linux): the client reaches the server.
//!
//! Alone in its test binary: it sets the process's environment.

use campaign_desk_api::{account, ApiKey, Client};
use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, KeyPair, KeyUsagePurpose};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use std::sync::Arc;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// A certificate authority of no one's, and a certificate for `localhost` it signed.
struct Authority {
    ca_pem: String,
    leaf: CertificateDer<'static>,
    leaf_key: PrivateKeyDer<'static>,
}

fn throwaway_authority() -> Authority {
    let ca_key = KeyPair::generate().unwrap();
    let mut ca = CertificateParams::new(Vec::<String>::new()).unwrap();
    ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca.distinguished_name.push(DnType::CommonName, "Campaign Desk throwaway test authority");
    ca.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign, KeyUsagePurpose::DigitalSignature];
    let ca_cert = ca.self_signed(&ca_key).unwrap();
    let leaf_key = KeyPair::generate().unwrap();
    let leaf =
        CertificateParams::new(vec!["localhost".to_string()]).unwrap().signed_by(&leaf_key, &ca_cert, &ca_key).unwrap();
    Authority {
        ca_pem: ca_cert.pem(),
        leaf: leaf.der().clone(),
        leaf_key: PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(leaf_key.serialize_der())),
    }
}

/// An HTTPS server on loopback answering every request with the account's balance.
async fn https_service(authority: &Authority) -> u16 {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(vec![authority.leaf.clone()], authority.leaf_key.clone_key())
        .unwrap();
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                let Ok(mut tls) = acceptor.accept(socket).await else { return };
                let mut head = Vec::new();
                let mut buf = [0u8; 4096];
                while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                    match tls.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => head.extend_from_slice(&buf[..n]),
                    }
                }
                let body = r#"{"response":{"msg":{"err_code":0,"text":"OK","type":"message"},"data":{"limit_members":0,"members":5}}}"#;
                let reply = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
                    body.len()
                );
                let _ = tls.write_all(reply.as_bytes()).await;
                let _ = tls.shutdown().await;
            });
        }
    });
    port
}

#[tokio::test]
async fn a_service_signed_by_an_authority_the_system_trusts_is_reached() {
    let authority = throwaway_authority();
    let store = tempfile::tempdir().unwrap();
    let bundle = store.path().join("system-roots.pem");
    std::fs::write(&bundle, &authority.ca_pem).unwrap();
    // Where the system's store is, as OpenSSL and rustls-native-certs read it.
    std::env::set_var("SSL_CERT_FILE", &bundle);
    std::env::remove_var("SSL_CERT_DIR");

    let port = https_service(&authority).await;
    let client = Client::new(&format!("https://localhost:{port}/v2"), ApiKey::new("k")).unwrap();
    let balance = account::balance(&client).await;
    assert!(balance.is_ok(), "the certificate the system trusts is trusted: {balance:?}");
}
