"""Crypto-shredding: HIGH-sensitivity content is encrypted at rest with a per-subject data key.

Each subject gets a random 256-bit data key (AES-GCM), wrapped by the master key from settings
(``GRAPHMEM_MASTER_KEY``, base64 of 32 bytes) and kept in a key store *outside the graph*
(``GRAPHMEM_KEYSTORE_DIR``, a file per subject). Erasure destroys the subject's key file, so a
backup of the graph's data files taken before the erasure can no longer be read: its ciphertext
has no key left anywhere. Back up the key store separately, with a retention no longer than the
erasure deadline you promise (see the README).

Ciphertext format in a property: ``enc:v1:<b64(nonce ‖ ciphertext)>``; the additional data binds
it to tenant and subject, so a value copied to another subject does not decrypt.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
import threading
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from graphmem.errors import ConfigError

PREFIX = "enc:v1:"
UNREADABLE = "[encrypted: key destroyed]"
#: properties that hold content and are encrypted for HIGH-sensitivity memories and sources
CONTENT_FIELDS = ("text", "object", "content_json", "content", "goal", "span")


def is_sealed(value: Any) -> bool:
    """Whether a stored value is ciphertext this module wrote."""
    return isinstance(value, str) and value.startswith(PREFIX)


class KeyStore:
    """Wrapped per-subject data keys, one small file each."""

    def __init__(self, directory: Path, master_key: bytes) -> None:
        if len(master_key) != 32:
            raise ConfigError(
                "the master key must be 32 bytes (base64 in GRAPHMEM_MASTER_KEY)",
                field="master_key",
                rule="length_32",
            )
        self.dir = directory
        self.dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        self._master = AESGCM(master_key)
        #: the root of keys for other jobs than wrapping (derive_key)
        self._derive_root = hmac.new(master_key, b"graphmem|derive", hashlib.sha256).digest()
        self._lock = threading.Lock()
        self._cache: dict[str, bytes] = {}

    def derive_key(self, purpose: str) -> bytes:
        """A 32-byte key for ``purpose`` (signing cursors …), derived from the master key: the
        same on every process that holds it, and no use for unwrapping data keys."""
        return hmac.new(self._derive_root, purpose.encode(), hashlib.sha256).digest()

    def _path(self, tenant_id: str, subject_id: str) -> Path:
        name = hashlib.sha256(f"{tenant_id}|{subject_id}".encode()).hexdigest()
        return self.dir / f"{name}.key"

    def data_key(self, tenant_id: str, subject_id: str, *, create: bool) -> bytes | None:
        path = self._path(tenant_id, subject_id)
        with self._lock:
            if str(path) in self._cache:
                return self._cache[str(path)]
            if path.exists():
                blob = json.loads(path.read_text())
                nonce = base64.b64decode(blob["nonce"])
                key = self._master.decrypt(
                    nonce, base64.b64decode(blob["wrapped"]), path.name.encode()
                )
            elif create:
                key = AESGCM.generate_key(bit_length=256)
                nonce = secrets.token_bytes(12)
                wrapped = self._master.encrypt(nonce, key, path.name.encode())
                tmp = path.with_suffix(".tmp")
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                with os.fdopen(fd, "w") as fh:
                    json.dump(
                        {
                            "nonce": base64.b64encode(nonce).decode(),
                            "wrapped": base64.b64encode(wrapped).decode(),
                        },
                        fh,
                    )
                    fh.flush()
                    os.fsync(fh.fileno())
                os.replace(tmp, path)
            else:
                return None
            self._cache[str(path)] = key
            return key

    def destroy(self, tenant_id: str, subject_id: str) -> bool:
        """Shred the subject's key: the file is overwritten, then removed."""
        path = self._path(tenant_id, subject_id)
        with self._lock:
            self._cache.pop(str(path), None)
            if not path.exists():
                return False
            size = path.stat().st_size
            with open(path, "r+b") as fh:
                fh.write(secrets.token_bytes(size))
                fh.flush()
                os.fsync(fh.fileno())
            path.unlink()
            return True

    def exists(self, tenant_id: str, subject_id: str) -> bool:
        return self._path(tenant_id, subject_id).exists()


class ContentCipher:
    """Encrypts and decrypts content properties with the subject's data key."""

    def __init__(self, keys: KeyStore) -> None:
        self.keys = keys

    @staticmethod
    def _aad(tenant_id: str, subject_id: str) -> bytes:
        return f"graphmem|{tenant_id}|{subject_id}".encode()

    def encrypt(self, tenant_id: str, subject_id: str, value: str) -> str:
        key = self.keys.data_key(tenant_id, subject_id, create=True)
        assert key is not None
        nonce = secrets.token_bytes(12)
        sealed = AESGCM(key).encrypt(nonce, value.encode(), self._aad(tenant_id, subject_id))
        return PREFIX + base64.b64encode(nonce + sealed).decode()

    def decrypt(self, tenant_id: str, subject_id: str, value: Any) -> Any:
        if not is_sealed(value):
            return value
        key = self.keys.data_key(tenant_id, subject_id, create=False)
        if key is None:
            return UNREADABLE
        raw = base64.b64decode(value[len(PREFIX) :])
        try:
            return (
                AESGCM(key).decrypt(raw[:12], raw[12:], self._aad(tenant_id, subject_id)).decode()
            )
        except InvalidTag:
            return UNREADABLE

    def seal_fields(self, props: dict[str, Any], tenant_id: str, subject_id: str) -> dict[str, Any]:
        out = dict(props)
        for name in CONTENT_FIELDS:
            if isinstance(out.get(name), str) and not is_sealed(out[name]):
                out[name] = self.encrypt(tenant_id, subject_id, out[name])
        return out

    def open_fields(self, row: dict[str, Any]) -> dict[str, Any]:
        tenant, subject = row.get("tenant_id"), row.get("sealed_for") or row.get("subject_id")
        if not tenant or not subject:
            return row
        out = dict(row)
        for name in CONTENT_FIELDS:
            if is_sealed(out.get(name)):
                out[name] = self.decrypt(tenant, subject, out[name])
                if out[name] == UNREADABLE and name.endswith("_json"):
                    out.pop(name)  # structured content is simply gone
        return out


def load_cipher(master_key_b64: str | None, keystore_dir: Path) -> ContentCipher | None:
    if not master_key_b64:
        return None
    try:
        master = base64.b64decode(master_key_b64, validate=True)
    except ValueError:
        raise ConfigError(
            "GRAPHMEM_MASTER_KEY is not valid base64", field="master_key", rule="base64"
        ) from None
    return ContentCipher(KeyStore(keystore_dir, master))


def generate_master_key() -> str:
    return base64.b64encode(secrets.token_bytes(32)).decode()


def ensure_master_key(path: Path) -> str:
    """The embedded default: a master key generated once into ``path`` (0600). Keep it out of
    the graph backups (see README)."""
    if path.exists():
        return path.read_text().strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    key = generate_master_key()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(key)
    return key
