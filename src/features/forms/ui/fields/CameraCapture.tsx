import { useEffect, useRef, useState } from 'react';
import { type FileWidgetProps, putFiles } from './file-widget-props.ts';
import { widgetMessages } from './widget-messages.ts';

const jpegQuality = 0.9;

/**
 * A camera field's widget: with a camera the browser offers (getUserMedia), a live preview, Take
 * photo and Retake; the shot goes into the field's input as a JPEG. The input itself stays for
 * choosing a photo, which on a phone opens its camera (`capture`). Locked with its field (seed
 * §4), the camera stops and its buttons are disabled; the photo taken stays.
 */
export default function CameraCapture({ input, onPicked, readOnly }: FileWidgetProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | undefined>();
  const [photo, setPhoto] = useState<string | undefined>();
  const [unavailable, setUnavailable] = useState(false);
  const supported = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

  useEffect(() => {
    if (readOnly) setStream(undefined);
  }, [readOnly]);

  useEffect(() => {
    if (video.current && stream) {
      video.current.srcObject = stream;
      void video.current.play().catch(() => undefined);
    }
    return () => {
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [stream]);

  // A lock that comes while the camera is asked for stops what it gives.
  const locked = useRef(readOnly);
  locked.current = readOnly;
  const start = async () => {
    try {
      const media = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      });
      if (locked.current) {
        for (const track of media.getTracks()) track.stop();
        return;
      }
      setStream(media);
      setUnavailable(false);
    } catch {
      setUnavailable(true);
    }
  };
  const take = () => {
    const source = video.current;
    if (!source || !input.current || source.videoWidth === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = source.videoWidth;
    canvas.height = source.videoHeight;
    canvas.getContext('2d')?.drawImage(source, 0, 0);
    const shown = canvas.toDataURL('image/jpeg', jpegQuality);
    canvas.toBlob(
      (blob) => {
        if (!blob || !input.current) return;
        putFiles(input.current, [new File([blob], 'photo.jpg', { type: 'image/jpeg' })]);
        onPicked();
        setPhoto(shown);
        setStream(undefined);
      },
      'image/jpeg',
      jpegQuality,
    );
  };
  const retake = () => {
    if (input.current) putFiles(input.current, []);
    onPicked();
    setPhoto(undefined);
    void start();
  };

  if (!supported) return null;
  return (
    <div className="qforms-camera">
      {stream && (
        <>
          <video
            ref={video}
            className="qforms-camera-preview"
            aria-label={widgetMessages.cameraPreview}
            playsInline
            muted
          />
          <button type="button" className="qforms-camera-take" onClick={take} disabled={readOnly}>
            {widgetMessages.cameraTake}
          </button>
        </>
      )}
      {photo && (
        <>
          <img className="qforms-camera-photo" src={photo} alt={widgetMessages.cameraPhoto} />
          <button
            type="button"
            className="qforms-camera-retake"
            onClick={retake}
            disabled={readOnly}
          >
            {widgetMessages.cameraRetake}
          </button>
        </>
      )}
      {!stream && !photo && (
        <button
          type="button"
          className="qforms-camera-start"
          onClick={() => void start()}
          disabled={readOnly}
        >
          {widgetMessages.cameraStart}
        </button>
      )}
      {unavailable && <p role="status">{widgetMessages.cameraUnavailable}</p>}
    </div>
  );
}
