import { createFileRoute } from '@tanstack/react-router'
import { staticPage } from '../pages/static-page'

export const Route = createFileRoute('/privacy')(staticPage('privacy', '/privacy'))
